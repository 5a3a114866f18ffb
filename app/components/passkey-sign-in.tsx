import { useState } from "react";
import { useSubmit } from "react-router";
import { useHydrated } from "../lib/use-hydrated.ts";

/**
 * "Sign in with a passkey" under the login form. The browser's passkey prompt signs in through
 * /api/auth/passkey (app/lib/passkeys.client.ts, loaded on the first press); then, whatever happened, the login
 * page's action is told (`intent=passkey`): signed in, it lands where a password sign-in lands (the page to go
 * back to, the heart pressed as a visitor, the toast); not, it says so in the form's alert.
 */
export function PasskeySignIn({ redirectTo, favourite }: { redirectTo: string; favourite: string | null }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const [busy, setBusy] = useState(false);
  async function signIn() {
    setBusy(true);
    try {
      const { signInWithPasskey } = await import("../lib/passkeys.client.ts");
      await signInWithPasskey();
    } catch {
      // Unreachable server or script: the action finds nobody signed in and says the passkey didn't work.
    }
    await submit({ intent: "passkey", redirectTo, ...(favourite && { favourite }) }, { method: "post" });
    setBusy(false);
  }
  return (
    <button
      type="button"
      className="btn btn-outline mt-4 w-full"
      disabled={!hydrated}
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) signIn();
      }}
    >
      Sign in with a passkey
    </button>
  );
}
