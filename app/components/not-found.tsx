import type { Ref } from "react";
import { useId } from "react";
import { Link } from "react-router";
import { MESSAGES } from "../../schemas/messages.ts";

/** The title of every not-found page: an unknown route and a missing laptop, brand or seller alike. */
export const NOT_FOUND_TITLE = "Page not found — ReLaptop";

/**
 * The site's one not-found page (spec §2): the unknown route's and every error boundary's 404, which may say
 * what is missing ("This laptop does not exist.") under the spec's heading.
 */
export function NotFound({ message, headingRef }: { message?: string; headingRef?: Ref<HTMLHeadingElement> }) {
  const messageId = useId();
  return (
    <section className="mx-auto flex max-w-lg flex-1 flex-col items-center gap-4 p-10 text-center">
      <h1
        ref={headingRef}
        tabIndex={-1}
        aria-describedby={message ? messageId : undefined}
        className="text-3xl font-bold outline-none"
      >
        {MESSAGES.page.notFound}
      </h1>
      {message && <p id={messageId}>{message}</p>}
      <Link to="/" className="btn btn-primary">
        Go to Home
      </Link>
    </section>
  );
}
