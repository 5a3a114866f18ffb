import { z } from "zod";
import { MESSAGES } from "./messages.ts";

const m = MESSAGES.field;

export const PASSWORD_MIN_LENGTH = 6;
/** A lowercase letter, an uppercase letter, a digit and one of ! # $ % & ? " (spec §5). */
const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!#$%&?"]).*$/;

const trimmed = (message: string) => z.string({ error: message }).trim().min(1, message);

export const passwordSchema = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, m.passwordTooShort)
  .regex(STRONG_PASSWORD, m.passwordWeak);

export const loginSchema = z.object({
  email: trimmed(m.loginEmailRequired),
  password: z.string({ error: m.passwordRequired }).min(1, m.passwordRequired),
});

/** Sign-up and seller sign-up share one set of rules. */
export const signUpSchema = z.object({
  name: trimmed(m.nameRequired).max(100, "Name must be 100 characters or fewer"),
  email: trimmed(m.emailRequired).pipe(z.email(m.emailInvalid)),
  password: passwordSchema,
});

export type LoginInput = z.infer<typeof loginSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;

export const profileSchema = z.object({ name: signUpSchema.shape.name });

export const passwordChangeSchema = z.object({
  currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required"),
  newPassword: passwordSchema,
});
