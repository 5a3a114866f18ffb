import { startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";

/**
 * The browser's half of the passkey ceremonies (better-auth's passkey plugin answers under /api/auth/passkey):
 * ask for a challenge, let the authenticator sign it, send the answer back. Loaded only when someone presses
 * "Add a passkey" or "Sign in with a passkey" (the pages' own scripts stay as small as they were).
 * Each resolves to what happened; the pages word it (schemas/passkeys.ts).
 */
export type Outcome =
  | { ok: true }
  | { ok: false; fields?: Record<string, string>; cancelled?: boolean; message?: string };

async function getJson(path: string) {
  const res = await fetch(path, { credentials: "same-origin", headers: { accept: "application/json" } });
  return res.ok ? res.json() : null;
}

async function postJson(path: string, body: unknown): Promise<Outcome> {
  const res = await fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });
  if (res.ok) return { ok: true };
  const refusal = (await res.json().catch(() => ({}))) as { fields?: Record<string, string>; message?: string };
  return { ok: false, fields: refusal.fields, message: refusal.message };
}

/** The person cancelled, or the browser offered no passkey for this site: nothing went wrong on our side. */
const cancelled = (error: unknown): Outcome => ({
  ok: false,
  cancelled: error instanceof WebAuthnError || (error instanceof DOMException && error.name === "NotAllowedError"),
});

/** Signs in with a passkey of this site's; the answer sets the session cookie, as a password sign-in does. */
export async function signInWithPasskey(): Promise<Outcome> {
  const optionsJSON = await getJson("/api/auth/passkey/generate-authenticate-options");
  if (!optionsJSON) return { ok: false };
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({ optionsJSON });
  } catch (error) {
    return cancelled(error);
  }
  return postJson("/api/auth/passkey/verify-authentication", { response });
}

/** Makes a passkey on this device for the signed-in account, under this name. */
export async function addPasskey(name: string): Promise<Outcome> {
  const optionsJSON = await getJson(`/api/auth/passkey/generate-register-options?${new URLSearchParams({ name })}`);
  if (!optionsJSON) return { ok: false };
  let response: Awaited<ReturnType<typeof startRegistration>>;
  try {
    response = await startRegistration({ optionsJSON });
  } catch (error) {
    return cancelled(error);
  }
  return postJson("/api/auth/passkey/verify-registration", { response, name });
}
