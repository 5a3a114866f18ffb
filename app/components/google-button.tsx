import { Form } from "react-router";
import type { WayIn } from "../lib/account-links.ts";

/**
 * `favourite`: a laptop whose heart a visitor pressed, saved once Google has signed them in. `reason`: why
 * they came, said again on the login page if Google sends them back without an account.
 */
export function GoogleButton({ redirectTo, favourite, reason }: WayIn) {
  return (
    <Form method="post" action="/auth/google">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {favourite && <input type="hidden" name="favourite" value={favourite} />}
      {reason && (
        <>
          <input type="hidden" name="reason" value={reason.kind} />
          <input type="hidden" name="about" value={reason.id} />
        </>
      )}
      <button type="submit" className="btn btn-outline w-full">
        <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
          <path
            fill="#EA4335"
            d="M24 9.5c3.5 0 6.6 1.2 9 3.6l6.7-6.7C35.6 2.5 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6C12.4 13.6 17.7 9.5 24 9.5z"
          />
          <path
            fill="#4285F4"
            d="M46.1 24.6c0-1.6-.1-3.1-.4-4.6H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.7c4.3-4 6.9-9.9 6.9-17z"
          />
          <path
            fill="#FBBC05"
            d="M10.5 28.7A14.5 14.5 0 0 1 9.5 24c0-1.6.3-3.2.8-4.7l-7.8-6A24 24 0 0 0 0 24c0 3.9.9 7.5 2.6 10.7l7.9-6z"
          />
          <path
            fill="#34A853"
            d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.7c-2.1 1.4-4.8 2.3-8.5 2.3-6.3 0-11.6-4.2-13.5-9.9l-7.9 6C6.5 42.6 14.6 48 24 48z"
          />
        </svg>
        Continue with Google
      </button>
    </Form>
  );
}

/** Under a login or sign-up form, when Google sign-in is set up: "OR", then the Google button. */
export function GoogleOption({ enabled, ...wayIn }: WayIn & { enabled: boolean }) {
  if (!enabled) return null;
  return (
    <div className="mt-4">
      <div className="divider">OR</div>
      <GoogleButton {...wayIn} />
    </div>
  );
}
