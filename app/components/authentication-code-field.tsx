import { TextField } from "./form-field.tsx";

/**
 * The six digits of an authenticator app (a space between the threes, as apps show them), where two-factor is
 * turned on and at the sign-in's second step: one field, so both ask for it alike.
 */
export function AuthenticationCodeField({ error }: { error?: string }) {
  return (
    <TextField
      label="Authentication code"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 ]*"
      maxLength={7}
      error={error}
    />
  );
}
