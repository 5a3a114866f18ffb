/**
 * Changes to how an account signs in (its password, passkeys, two-factor, a Google account linked or unlinked). Each is told to the owner by email
 * (core/notifications/kinds.ts: `account.signInChanged`), so whoever holds a stolen session cannot change them
 * quietly, and kept in account_events with `summary` for admins (core/accounts/sign-in-changes.ts).
 */
export const SIGN_IN_CHANGES = {
  passwordChanged: {
    action: "change-password",
    summary: "Changed their password",
    told: "The password of your ReLaptop account was changed.",
  },
  passwordReset: {
    action: "reset-password",
    summary: "Chose a new password with an emailed link",
    told: "A new password was chosen for your ReLaptop account with a link sent to this address.",
  },
  passwordSet: {
    action: "set-password",
    summary: "Set a password",
    told: "A password was set for your ReLaptop account: it now signs in with this address and that password too.",
  },
  passkeyAdded: {
    action: "add-passkey",
    summary: "Added a passkey",
    told: "A passkey was added to your ReLaptop account: it signs in without the password.",
  },
  passkeyRemoved: {
    action: "remove-passkey",
    summary: "Removed a passkey",
    told: "A passkey was removed from your ReLaptop account: it no longer signs in.",
  },
  twoFactorOn: {
    action: "two-factor-on",
    summary: "Turned two-factor authentication on",
    told: "Two-factor authentication was turned on for your ReLaptop account: signing in now asks for a code from an authenticator app.",
  },
  twoFactorOff: {
    action: "two-factor-off",
    summary: "Turned two-factor authentication off",
    told: "Two-factor authentication was turned off for your ReLaptop account: signing in no longer asks for a code.",
  },
  googleLinked: {
    action: "link-google",
    summary: "Linked a Google account",
    told: "A Google account was linked to your ReLaptop account: it signs in with Google, without the password.",
  },
  googleUnlinked: {
    action: "unlink-google",
    summary: "Unlinked their Google account",
    told: "The Google account linked to your ReLaptop account was unlinked: it no longer signs in.",
  },
  backupCodesRenewed: {
    action: "new-backup-codes",
    summary: "Made new backup codes",
    told: "New backup codes were made for your ReLaptop account; the old ones no longer work.",
  },
} as const satisfies Record<string, { action: string; summary: string; told: string }>;

export type SignInChange = keyof typeof SIGN_IN_CHANGES;

/** What the email says after the change: what to do if it was not them. */
export function signInChangeAdvice(change: SignInChange): string {
  if (change === "twoFactorOn") {
    // Whoever turned it on holds the codes, and a reset asks for one: it must be turned off first, where the owner
    // is still signed in (the profile asks the password for it).
    return "If this was you, there is nothing to do. If it was not, someone signed in as you holds its codes: on a device where you are still signed in, turn it off on your profile (it asks your password), then choose a new password with “Forgot password?” on the login page — it signs every device out.";
  }
  if (change === "googleLinked") {
    // Google links only an account whose address it has verified as the same: whoever did it is in that address's
    // Google account, which must be taken back first.
    return "If this was you, there is nothing to do. If it was not, someone is signed in to the Google account of this address: secure it with Google first (change its password), then choose a new password here with “Forgot password?” on the login page — it signs every device out.";
  }
  return "If this was you, there is nothing to do. If it was not, someone may be signed in as you: choose a new password now with “Forgot password?” on the login page — it signs every device out — then check the passkeys and two-factor authentication on your profile.";
}
