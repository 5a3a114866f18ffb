import { APIError } from "better-auth/api";
import { encode } from "uqr";
import type { SessionUser } from "../../schemas/accounts.ts";
import type { Area } from "../../schemas/roles.ts";
import { type AdminTwoFactor, TWO_FACTOR_MESSAGES as M, type SignInCodeInput } from "../../schemas/two-factor.ts";
import { AppError, isAppError } from "../errors.ts";
import { AUTH_COOKIE_PREFIX, type Auth, TWO_FACTOR_COOKIE } from "./auth.ts";
import { call } from "./auth-errors.ts";
import type { AuthResult, SignedIn } from "./sign-in.ts";

/**
 * Two-factor authentication: better-auth's TOTP plugin (an authenticator app's 6-digit codes, and backup
 * codes that work once each) keeps the secret and the codes, encrypted, in two_factors, and runs the
 * sign-in's second step. These verbs are the pages' way to it, in our words; auth.ts counts the second
 * step's wrong codes with the login limits and wrong passwords here with the account's other guesses.
 */

/** Whether `user` must turn two-factor on before entering `area`: admins, when ADMIN_TWO_FACTOR=required. */
export function mustTurnOnTwoFactor(
  user: Pick<SessionUser, "role" | "twoFactorEnabled">,
  area: Area,
  policy: AdminTwoFactor,
): boolean {
  return area === "admin" && policy === "required" && user.role === "admin" && !user.twoFactorEnabled;
}

const CHALLENGE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${AUTH_COOKIE_PREFIX}\\.${TWO_FACTOR_COOKIE}=`);

/**
 * Whether this browser's sign-in waits for its code: it holds the plugin's challenge cookie, as a way in that
 * proves one factor (Google) leaves it. Only where to send the browser; the code's step checks the cookie.
 */
export const signInCodePending = (cookieHeader: string | null): boolean => CHALLENGE.test(cookieHeader ?? "");

/** The refusal of the admin API while it is off (the pages redirect to the setup page instead). */
export const twoFactorRequired = () => new AppError("TWO_FACTOR_REQUIRED", M.requiredForAdmin);

/** What "Turn on" shows: the QR code (its modules, drawn by the page as SVG) and the secret to type instead. */
export interface TwoFactorSetup {
  /** otpauth://totp/ReLaptop:… — what the QR code holds. */
  uri: string;
  /** Base32, for typing into the app by hand. */
  secret: string;
  /** The QR code's dark modules as one SVG path, in a square `size` modules wide (quiet zone included). */
  qr: { size: number; path: string };
}

/** The QR code of `text` as an SVG path: a 1×1 square per dark module. */
export function qrPath(text: string): TwoFactorSetup["qr"] {
  const { data, size } = encode(text, { ecc: "M", border: 4 });
  let path = "";
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return { size, path };
}

/** Wrong passwords and codes in our words, under the field that holds them. */
async function inOurWords<T>(fn: () => Promise<T>, field: "password" | "code", message: string): Promise<T> {
  try {
    return await call(fn);
  } catch (error) {
    if (isAppError(error) && (error.code === "VALIDATION_FAILED" || error.code === "UNAUTHENTICATED")) {
      throw new AppError("VALIDATION_FAILED", message, { [field]: message });
    }
    throw error;
  }
}

/**
 * "Turn on two-factor", step one (the password): a new secret, not yet in force — signing in asks for codes
 * only once the first code confirms it (`confirmTwoFactor`). Asked again, it starts over with a new secret.
 */
export async function startTwoFactor(auth: Auth, password: string, headers: Headers): Promise<TwoFactorSetup> {
  const answer = await inOurWords(
    () => auth.api.enableTwoFactor({ body: { password, method: "totp" }, headers }),
    "password",
    M.wrongPassword,
  );
  const uri = "totpURI" in answer ? answer.totpURI : "";
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  return { uri, secret, qr: qrPath(uri) };
}

/**
 * Step two: the app's first code. Right, two-factor is on (the session is renewed: its cookie is in the
 * answer) and the backup codes are shown, this once.
 */
export async function confirmTwoFactor(
  auth: Auth,
  actor: SessionUser,
  code: string,
  headers: Headers,
): Promise<AuthResult & { backupCodes: string[] }> {
  const result = await inOurWords(
    () => auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true }),
    "code",
    M.wrongCode,
  );
  const { backupCodes } = await call(() => auth.api.viewBackupCodes({ body: { userId: actor.id } }));
  return { headers: result.headers, backupCodes };
}

/** "Turn off" (the password): the secret and backup codes are deleted; the session is renewed. */
export async function turnOffTwoFactor(auth: Auth, password: string, headers: Headers): Promise<AuthResult> {
  const result = await inOurWords(
    () => auth.api.disableTwoFactor({ body: { password }, headers, returnHeaders: true }),
    "password",
    M.wrongPassword,
  );
  return { headers: result.headers };
}

/** "New backup codes" (the password): ten new ones; the old ones stop working. */
export async function newBackupCodes(auth: Auth, password: string, headers: Headers): Promise<string[]> {
  const { backupCodes } = await inOurWords(
    () => auth.api.generateBackupCodes({ body: { password }, headers }),
    "password",
    M.wrongPassword,
  );
  return backupCodes;
}

/**
 * The sign-in's second step: the code (or a backup code) for the sign-in the password started (its cookie,
 * good for 10 minutes, is in `headers`). Right, the session starts — and, trusted, this browser skips the step
 * for TRUSTED_BROWSER_DAYS (better-auth's signed cookie; trusted-browsers.ts); wrong, the field says so; the
 * challenge gone, they log in again.
 */
export async function verifySignInCode(auth: Auth, input: SignInCodeInput, headers: Headers): Promise<SignedIn> {
  const trustDevice = input.trustBrowser;
  try {
    const result =
      input.method === "totp"
        ? await auth.api.verifyTOTP({ body: { code: input.code, trustDevice }, headers, returnHeaders: true })
        : await auth.api.verifyBackupCode({ body: { code: input.code, trustDevice }, headers, returnHeaders: true });
    // Its reply is typed without our fields; the row has them.
    const { id, role } = result.response.user as typeof result.response.user & { role: string };
    return { headers: result.headers, user: { id, role } };
  } catch (error) {
    // A limit's refusal (429) goes on with its wait.
    if (!(error instanceof APIError) || error.statusCode === 429) return call(() => Promise.reject(error));
    const code = (error.body as { code?: string } | undefined)?.code;
    if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE") {
      const wrong = input.method === "totp" ? M.wrongCode : M.wrongBackupCode;
      throw new AppError("VALIDATION_FAILED", wrong, { code: wrong });
    }
    // No challenge, or a spent one: it timed out, or took five wrong codes.
    throw new AppError("UNAUTHENTICATED", M.signInExpired);
  }
}
