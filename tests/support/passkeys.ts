import type { TestApp } from "./test-app.ts";

/**
 * A passkey of this account's, stored through better-auth's passkey plugin's own adapter as a finished
 * registration stores it: the WebAuthn ceremony itself needs an authenticator, which the browser journey
 * brings (tests/e2e/passkeys.spec.ts). Its key signs nothing here.
 */
export async function insertPasskey(t: Pick<TestApp, "services">, userId: string, name = "Test passkey") {
  const { adapter } = await t.services.accounts.auth.$context;
  const row = await adapter.create<Record<string, unknown>, { id: string }>({
    model: "passkey",
    data: {
      name,
      userId,
      credentialID: crypto.randomUUID(),
      publicKey: "cHVibGljLWtleQ",
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
      transports: "internal",
      createdAt: new Date(),
    },
  });
  return row.id;
}
