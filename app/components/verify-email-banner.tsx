import { Form, useLocation } from "react-router";
import { VERIFY_PLEASE } from "../../schemas/verify-email-labels.ts";

/** Until the account's address is verified: a reminder, a way to get the link again, and a way to hide it. */
export function VerifyEmailBanner() {
  const { pathname, search } = useLocation();
  const back = `${pathname}${search}`;
  return (
    <section aria-label="Email verification" className="alert alert-warning rounded-none justify-center">
      <span>{VERIFY_PLEASE}</span>
      <Form method="post" action="/verify-email" className="flex gap-2">
        <input type="hidden" name="redirectTo" value={back} />
        <button type="submit" name="intent" value="resend" className="btn btn-sm">
          Send the email again
        </button>
        <button type="submit" name="intent" value="dismiss" className="btn btn-sm btn-ghost" aria-label="Dismiss">
          ✕
        </button>
      </Form>
    </section>
  );
}
