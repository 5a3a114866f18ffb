import { z } from "zod";
import { emailSchema, passwordSchema } from "./accounts.ts";
import { PASSWORD_RESET_CODE_NEXT, RECOVERY_MESSAGES } from "./recovery-messages.ts";

/** Forgot password, the reset link and email verification: their forms (the words: recovery-messages.ts). */
export { PASSWORD_RESET_CODE_NEXT, RECOVERY_MESSAGES };

export const RESET_LINK_TTL_SECONDS = 60 * 60;
export const VERIFY_LINK_TTL_SECONDS = 24 * 60 * 60;

export const forgotPasswordSchema = z.object({ email: emailSchema });

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
