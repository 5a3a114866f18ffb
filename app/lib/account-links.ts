import type { LoginReason } from "../../schemas/login-reasons.ts";

/** What a visitor carries between the ways in: where they were going, a heart they pressed, why they came. */
export interface WayIn {
  redirectTo: string;
  /** A laptop whose heart a visitor pressed: saved once they have an account. */
  favourite?: string | null;
  /** What they were doing when they met the wall (said again on each page; the server resolves its name). */
  reason?: LoginReason | null;
}

/**
 * Login and sign-up link to each other carrying where the person was going (the page that sent them to log
 * in: booking a laptop, messaging its seller, saving a search), the laptop whose heart they pressed as a
 * visitor, and why they came, so whichever way they get in, they are told why and come back to it.
 */
export function otherWayIn(to: "/login" | "/signUp", { redirectTo, favourite, reason }: WayIn): string {
  const query = new URLSearchParams();
  // With a heart, even home: without a way back, the login page would take the page it came from (sign-up).
  if (redirectTo && (redirectTo !== "/" || favourite)) query.set("redirectTo", redirectTo);
  if (favourite) query.set("favourite", favourite);
  if (reason) {
    query.set("reason", reason.kind);
    query.set("about", reason.id);
  }
  return query.size > 0 ? `${to}?${query}` : to;
}
