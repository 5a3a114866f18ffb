import { z } from "zod";
import { accountIdParams } from "./params.ts";
import { requiredText } from "./text-fields.ts";

/** The longest label a passkey may have (it names a device: "Chrome on Windows", "Work laptop"). */
export const PASSKEY_NAME_MAX = 60;

export const PASSKEY_MESSAGES = {
  about:
    "A passkey lets you sign in with this device's fingerprint, face or screen lock instead of your password. It never leaves your device.",
  nameRequired: "Give the passkey a name",
  nameTooLong: `Keep the name under ${PASSKEY_NAME_MAX + 1} characters`,
  signInFailed: "That passkey didn't work. Try again or sign in with your password.",
  addFailed: "The passkey was not added. Try again, or use another device.",
  added: "Your passkey is added.",
  renamed: "The passkey is renamed.",
  removed: "The passkey is removed. It no longer signs you in.",
  notFound: "This passkey does not exist (it may have been removed).",
  tooManyChallenges: "Too many passkey attempts from your network.",
} as const;

export const passkeyNameSchema = requiredText(PASSKEY_MESSAGES.nameRequired).pipe(
  z.string().max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameTooLong),
);

/** Passkeys are better-auth's rows, with its ids (as accounts'). */
export const passkeyIdParams = accountIdParams;
export const passkeyRenameSchema = z.object({ name: passkeyNameSchema });
/** The profile's forms: rename one passkey (its id and new name), or remove it (its id). */
export const renamePasskeyFormSchema = passkeyIdParams.extend(passkeyRenameSchema.shape);
export const removePasskeyFormSchema = passkeyIdParams;

/** Base64url text as WebAuthn answers carry it (an attestation with its certificates is the longest). */
const base64url = z
  .string()
  .regex(/^[\w-]*={0,2}$/, "Not base64url")
  .max(16_384);
/** What every WebAuthn answer from a browser has; the rest passes as the browser sent it. */
const credential = <R extends z.ZodRawShape>(response: R) =>
  z.looseObject({
    id: base64url.min(1),
    rawId: base64url.min(1),
    type: z.literal("public-key"),
    response: z.looseObject({ clientDataJSON: base64url.min(1), ...response }),
  });
/** The authenticator's answer to "make a passkey" (a RegistrationResponseJSON), and the name to give it. */
export const passkeyRegistrationSchema = z.object({
  response: credential({ attestationObject: base64url.min(1) }),
  name: z.string(),
});
/** The authenticator's signed answer to a sign-in challenge (an AuthenticationResponseJSON). */
export const passkeyAuthenticationSchema = z.object({
  response: credential({ authenticatorData: base64url.min(1), signature: base64url.min(1) }),
});

/** A passkey as its owner's profile lists it: nothing of the credential itself. */
export const passkeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
});
export type PasskeySummary = z.infer<typeof passkeySummarySchema>;
export const passkeyListSchema = z.object({ items: z.array(passkeySummarySchema) });
