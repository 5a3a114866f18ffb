/**
 * Accounts: identity (better-auth: sign-up, sign-in, Google, emailed sign-in links, sessions), the limits on
 * guessing (per browser once it is a known device of the account) and sign-ups, the roles and what each may
 * do, a person's own profile and passkeys, and a buyer's account starting to sell. better-auth's instance (createAuth) and the limits' counters hold state and
 * are made once; every other operation is a verb taking the database and/or that instance, then the input.
 */
export type { SessionUser } from "../../schemas/accounts.ts";
export { anonymous } from "./anonymous.ts";
export { type AccountEmail, type Auth, createAuth, RESET_ANSWER_MS, type SendAccountEmail } from "./auth.ts";
export { blockBetween, blockedEitherWay } from "./blocks.ts";
export { confirmEmailChange, type EmailChangeResult, maskEmail, requestEmailChange } from "./change-email.ts";
export { createCounters } from "./counters.ts";
export { deleteAccount, deletedEmailOf } from "./delete-account.ts";
export { DELETION_GUESSES, deleteOwnAccount } from "./delete-own-account.ts";
export { createDeviceCookies, DEVICE_COOKIE_DAYS } from "./device-cookie.ts";
export { resetLinkWorks, signInLinkWorks } from "./emailed-links.ts";
export { createLoginThrottle, createSignUpLimit, DEFAULT_LOGIN_LIMITS } from "./login-throttle.ts";
export { listPasskeys, removePasskey, renamePasskey } from "./passkeys.ts";
export { type PasswordHashing, passwordHashing } from "./password-hashing.ts";
export { rename, setActingAsSeller } from "./profile.ts";
export { requestPasswordReset, resendVerification, resetPassword, verifyEmail } from "./recovery.ts";
export { createRecoveryLimits, DEFAULT_RECOVERY_LIMITS, type RecoveryLimits } from "./recovery-limits.ts";
export { register } from "./register.ts";
export * from "./roles.ts";
export { getSessionUser, sessionTokenOf } from "./session-lookup.ts";
export { endOtherSessions, endSession, listSessions } from "./sessions.ts";
export { type AuthResult, type CodeNeeded, changePassword, signIn, signOut, startGoogleSignIn } from "./sign-in.ts";
export { requestSignInLink, signInWithLink } from "./sign-in-link.ts";
export { setPassword, signInWays, startGoogleLink, unlinkGoogle } from "./sign-in-ways.ts";
export { START_SELLING_MESSAGES, startSelling } from "./start-selling.ts";
export {
  confirmTwoFactor,
  mustTurnOnTwoFactor,
  newBackupCodes,
  qrPath,
  signInCodePending,
  startTwoFactor,
  type TwoFactorSetup,
  turnOffTwoFactor,
  twoFactorRequired,
  verifySignInCode,
} from "./two-factor.ts";
export { describeDevice } from "./user-agent.ts";
