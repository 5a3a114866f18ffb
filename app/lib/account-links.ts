/**
 * Login and sign-up link to each other carrying where the person was going (the page that sent them to log
 * in: booking a laptop, messaging its seller, saving a search) and the laptop whose heart they pressed as a
 * visitor, so whichever way they get in, they come back to it.
 */
export function otherWayIn(
  to: "/login" | "/signUp",
  { redirectTo, favourite }: { redirectTo: string; favourite?: string | null },
): string {
  const query = new URLSearchParams();
  // With a heart, even home: without a way back, the login page would take the page it came from (sign-up).
  if (redirectTo && (redirectTo !== "/" || favourite)) query.set("redirectTo", redirectTo);
  if (favourite) query.set("favourite", favourite);
  return query.size > 0 ? `${to}?${query}` : to;
}
