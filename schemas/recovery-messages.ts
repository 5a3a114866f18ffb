/**
 * Every word forgot password, the reset link and email verification say. Without zod, so the banner on
 * every signed-in page does not bring the schemas to the browser.
 */
export const RECOVERY_MESSAGES = {
  /** The one answer to "forgot password", whether the account exists or not. */
  linkSent: "If an account exists for that email, we have sent a link to reset the password.",
  linkInvalid: "This link has already been used or has expired. Links work once, for one hour.",
  confirmRequired: "Please type the new password again",
  mismatch: "The two passwords are not the same",
  passwordReset: "Your password is changed and you are signed in.",
  /** With two-factor on, the reset link is one factor: the code comes next. */
  passwordResetCodeNext: "Your password is changed. Enter your authentication code to sign in.",
  verifyPlease: "Please verify your email address.",
  verificationSent: "We have sent the email again. The link works for 24 hours.",
  verified: "Your email address is verified.",
  verifyInvalid: "This verification link is not valid or has expired.",
  emailConfirmed: "Email confirmed",
} as const;
