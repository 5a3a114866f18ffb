import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * OWASP's device cookies: a browser that signed in to an account carries a cookie naming that account,
 * signed with the auth secret, and is then limited only by its own failures — never by the account's
 * ceiling for unknown devices, which a crowd of strangers can reach (login-throttle.ts).
 *
 * One cookie per account (its name is a keyed hash of the email, so it names no one in clear), whose value
 * is `nonce.issued.signature`: the nonce is the device's id for its failures, `issued` (epoch seconds)
 * bounds its life, and the signature (HMAC-SHA256 over the email, nonce and time) makes it unforgeable and
 * useless for any other account. A new one replaces it at every sign-in.
 *
 * It goes only where a password is tried — the login page, its data requests and better-auth's sign-in —
 * so a signed-out browser's other requests still carry no cookie and the visitors' cache answers them.
 */
export const DEVICE_COOKIE_DAYS = 180;
const MAX_AGE = DEVICE_COOKIE_DAYS * 24 * 60 * 60;
const PATHS = ["/login", "/login.data", "/api/auth/sign-in"];

export const accountKey = (email: string) => email.trim().toLowerCase();

export interface DeviceCookie {
  name: string;
  value: string;
  options: { path: string; maxAge: number; httpOnly: true; sameSite: "lax"; secure: boolean };
}

export function createDeviceCookies({ secret, secure }: { secret: string; secure: boolean }) {
  const mac = (...parts: string[]) => createHmac("sha256", secret).update(parts.join("\n")).digest();
  const nameFor = (email: string) =>
    `relaptop_device_${mac("device-cookie-name", accountKey(email)).subarray(0, 12).toString("base64url")}`;
  const sign = (email: string, nonce: string, issued: string) => mac("device-cookie", accountKey(email), nonce, issued);

  return {
    nameFor,
    /** The cookies to set after a sign-in to this account: one per path, the same value. */
    issue(email: string, now = Date.now()): DeviceCookie[] {
      const nonce = randomBytes(16).toString("base64url");
      const issued = String(Math.floor(now / 1000));
      const value = `${nonce}.${issued}.${sign(email, nonce, issued).toString("base64url")}`;
      return PATHS.map((path) => ({
        name: nameFor(email),
        value,
        options: { path, maxAge: MAX_AGE, httpOnly: true, sameSite: "lax", secure },
      }));
    },
    /**
     * The device this browser proved for this account (its nonce), or null: no cookie, another account's,
     * a forged or altered one, or one past its life.
     */
    verify(email: string, value: string | null | undefined, now = Date.now()): string | null {
      const [nonce, issued, signature, ...rest] = (value ?? "").split(".");
      if (!nonce || !issued || !signature || rest.length > 0 || !/^\d{1,12}$/.test(issued)) return null;
      const given = Buffer.from(signature, "base64url");
      const expected = sign(email, nonce, issued);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const age = now / 1000 - Number(issued);
      return age >= 0 && age < MAX_AGE ? nonce : null;
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
