import { z } from "zod";
import { passwordSchema } from "./accounts.ts";
import { MESSAGES } from "./messages.ts";

/** Forgot password, the reset link and email verification: their forms and every word they say. */
export const RECOVERY_MESSAGES = {
  /** The one answer to "forgot password", whether the account exists or not. */
  linkSent: "If an account exists for that email, we have sent a link to reset the password.",
  linkInvalid: "This link has already been used or has expired. Links work once, for one hour.",
  confirmRequired: "Please type the new password again",
  mismatch: "The two passwords are not the same",
  passwordReset: "Your password is changed and you are signed in.",
  verifyPlease: "Please verify your email address.",
  verificationSent: "We have sent the email again. The link works for 24 hours.",
  verified: "Your email address is verified.",
  verifyInvalid: "This verification link is not valid or has expired.",
  emailConfirmed: "Email confirmed",
} as const;

export const RESET_LINK_TTL_SECONDS = 60 * 60;
export const VERIFY_LINK_TTL_SECONDS = 24 * 60 * 60;

const email = z
  .string({ error: MESSAGES.field.emailRequired })
  .trim()
  .min(1, MESSAGES.field.emailRequired)
  .pipe(z.email(MESSAGES.field.emailInvalid));

export const forgotPasswordSchema = z.object({ email });

/** The new password follows the sign-up rules and messages (spec §5), typed twice. */
export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, RECOVERY_MESSAGES.linkInvalid),
    newPassword: passwordSchema,
    confirmPassword: z.string({ error: RECOVERY_MESSAGES.confirmRequired }).min(1, RECOVERY_MESSAGES.confirmRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: RECOVERY_MESSAGES.mismatch,
  });

/** better-auth's own POST /api/auth/reset-password body, under the same rules. */
export const resetPasswordBodySchema = z.object({ token: z.string().min(1), newPassword: passwordSchema });
