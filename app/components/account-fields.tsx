import { FRESH_SIGN_IN_MINUTES } from "../../schemas/accounts.ts";
import { TextField } from "./form-field.tsx";

/** What a new password must hold (spec §5, checked by schemas/accounts.ts): said wherever one is chosen. */
export const PASSWORD_RULE =
  'At least 6 characters, with a lowercase and an uppercase letter, a digit and one of ! # $ % & ? "';

/** The email an account is known by, as every account form asks for it (the browser offers the saved one). */
export function EmailField({ error }: { error?: string }) {
  return <TextField label="Email" name="email" type="email" autoComplete="email" error={error} />;
}

/**
 * A password field: `current` lets the browser fill in the saved password, `new` lets it offer a strong one
 * (and save it). "Password" under the name `password` unless the form names it otherwise.
 */
export function PasswordField({
  label = "Password",
  name = "password",
  kind,
  error,
  hint,
}: {
  label?: string;
  name?: string;
  kind: "current" | "new";
  error?: string;
  hint?: string;
}) {
  return (
    <TextField label={label} name={name} type="password" autoComplete={`${kind}-password`} error={error} hint={hint} />
  );
}

/**
 * Who asks proves it is them (Change email, Delete my account): their password, or — an account without one,
 * signed in with Google — a sign-in within the last FRESH_SIGN_IN_MINUTES, which it is told.
 */
export function YourPasswordField({ hasPassword, error }: { hasPassword: boolean; error?: string }) {
  return hasPassword ? (
    <PasswordField label="Your password" name="password" kind="current" error={error} />
  ) : (
    <p>
      Your account has no password (you sign in with Google): for your safety, you must have signed in within the last{" "}
      {FRESH_SIGN_IN_MINUTES} minutes. If it was longer ago, sign out and in again first.
    </p>
  );
}
