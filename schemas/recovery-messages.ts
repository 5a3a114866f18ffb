import { VERIFY_PLEASE } from "./verify-email-labels.ts";

/**
 * Every word forgot password, the reset link and email verification say, without zod (the verify-email page's
 * script carries them). The banner on every signed-in page reads its own words apart (verify-email-labels.ts).
 */
export const RECOVERY_MESSAGES = {
  /** The one answer to "forgot password", whether the account exists or not. */
  linkSent: "If an account exists for that email, we have sent a link to reset the password.",
  linkInvalid: "This link has already been used or has expired. Links work once, for one hour.",
  confirmRequired: "Please type the new password again",
  mismatch: "The two passwords are not the same",
  passwordReset: "Your password is changed and you are signed in.",
  verifyPlease: VERIFY_PLEASE,
  verificationSent: "We have sent the email again. The link works for 24 hours.",
  verified: "Your email address is verified.",
  verifyInvalid: "This verification link is not valid or has expired.",
  emailConfirmed: "Email confirmed",
} as const;

/**
 * With two-factor on, a reset link is one factor: the code comes next. Apart from RECOVERY_MESSAGES, which every
 * page's script carries (the banner), as only the reset's action says it.
 */
export const PASSWORD_RESET_CODE_NEXT = "Your password is changed. Enter your authentication code to sign in.";
