import { LOGIN_MESSAGES } from "../../schemas/login-limits.ts";

/**
 * The offer of a sign-in link by email (under a refused login, on the link's own page), and where its answer
 * is said: a live region that is there before it speaks, so that screen readers hear "sent".
 */
export function SignInLinkOffer({ sent }: { sent: boolean }) {
  return (
    <>
      <p className="text-sm">{LOGIN_MESSAGES.linkOffer}</p>
      <p role="status" className={sent ? "alert alert-success text-sm" : "sr-only"}>
        {sent ? LOGIN_MESSAGES.linkSent : ""}
      </p>
    </>
  );
}
