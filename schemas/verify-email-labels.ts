/**
 * The verification banner's words, on every signed-in page until the address is verified: a file of their own, so
 * the pages' script carries them and not every recovery message with them (recovery-messages.ts).
 */
export const VERIFY_PLEASE = "Please verify your email address.";
