import { createHmac, timingSafeEqual } from "node:crypto";
import { isKind, type NotificationKind } from "./kinds.ts";

/**
 * One-click unsubscribe (RFC 8058) without signing in: the link names the account and the kind, signed
 * with AUTH_SECRET (HMAC-SHA256), so nobody can turn off someone else's emails by guessing. It does not
 * expire: an old email's link should still work.
 */
const sign = (secret: string, payload: string) =>
  createHmac("sha256", secret).update(`unsubscribe:${payload}`).digest("base64url");

export function unsubscribeToken(secret: string, userId: string, kind: NotificationKind): string {
  const payload = Buffer.from(`${userId}\n${kind}`).toString("base64url");
  return `${payload}.${sign(secret, payload)}`;
}

/** The account and kind a token names, or null when it was not made by us. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: NotificationKind } | null {
  if (token.length > 400) return null;
  const [payload, signature, ...rest] = token.split(".");
  if (!payload || !signature || rest.length) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [userId, kind, ...more] = Buffer.from(payload, "base64url").toString().split("\n");
  if (!userId || !kind || more.length || !isKind(kind)) return null;
  return { userId, kind };
}
