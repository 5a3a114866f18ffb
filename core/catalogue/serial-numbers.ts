import { createHmac } from "node:crypto";

/**
 * A laptop's serial number is private: the database keeps only a keyed hash of it (HMAC-SHA-256), so the same
 * laptop is recognised on two adverts, or against a stolen report, while the number cannot be read back nor
 * guessed from the database alone (a serial is short enough to try them all: an unkeyed hash would not hide it).
 */
export type SerialHasher = (serial: string) => string;

/**
 * The hasher for a server's secret. Its key is derived from the secret for this use only, so the serials'
 * hashes share nothing with the sessions' or links' signatures; a new secret makes earlier hashes unmatchable
 * (docs/configuration.md, AUTH_SECRET).
 */
export function serialHasher(secret: string): SerialHasher {
  const key = createHmac("sha256", secret).update("relaptop:serial-numbers").digest();
  return (serial) => createHmac("sha256", key).update(serial).digest("base64url");
}

/**
 * What the advert form's serial fields write: a new number's hash, nothing when it is removed, and the row as it
 * was when the field is left empty (the form never shows the number back, so an empty field keeps it).
 */
export function serialColumns(input: { serialNumber?: string; removeSerialNumber: boolean }, hash: SerialHasher) {
  if (input.serialNumber) return { serialHash: hash(input.serialNumber) };
  return input.removeSerialNumber ? { serialHash: null } : {};
}
