/**
 * Accounts: identity (better-auth: sign-up, sign-in, Google, emailed sign-in links, sessions), the limits on
 * guessing (per browser once it is a known device of the account) and sign-ups, the roles and what each may
 * do, and a person's own profile.
 */
export { type AuthResult, createAccounts, type SessionUser } from "./accounts.ts";
export { anonymous } from "./anonymous.ts";
export { type AccountEmail, type Auth, createAuth, RESET_ANSWER_MS, type SendAccountEmail } from "./auth.ts";
export { blockBetween, blockedEitherWay } from "./blocks.ts";
export { createCounters } from "./counters.ts";
export { createDeviceCookies } from "./device-cookie.ts";
export { createLoginThrottle, createSignUpLimit, DEFAULT_LOGIN_LIMITS } from "./login-throttle.ts";
export { createProfile } from "./profile.ts";
export { type AccountRecovery, createAccountRecovery } from "./recovery.ts";
export { createRecoveryLimits, DEFAULT_RECOVERY_LIMITS, type RecoveryLimits } from "./recovery-limits.ts";
export * from "./roles.ts";
