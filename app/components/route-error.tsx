import { useEffect, useId, useRef } from "react";
import { isRouteErrorResponse, Link } from "react-router";
import { MESSAGES, UNAVAILABLE_MESSAGE } from "../../schemas/messages.ts";
import { NOT_FOUND_TITLE, NotFound } from "./not-found.tsx";

export interface ErrorWords {
  heading: string;
  message?: string;
  /** What the server said beside it (a status text), when it adds something. */
  detail?: string;
  /** Where the page sends the user: home for a missing or refused page, Logout on the spec's error page. */
  way: "home" | "logout";
}

/** The one mapping from a thrown status to what the page says (spec §2 and §8). */
export function describeRouteError(error: unknown): ErrorWords {
  if (!isRouteErrorResponse(error)) {
    // Unexpected errors are logged on the server with the request id; the page never shows internals.
    const message =
      import.meta.env.DEV && error instanceof Error ? error.message : "An unexpected error occurred. Please try again.";
    return { heading: MESSAGES.page.error, message, way: "logout" };
  }
  // A loader that throws words (`notFound("This order does not exist.")`) has said what is missing.
  const said = typeof error.data === "string" && error.data ? error.data : undefined;
  switch (error.status) {
    case 404:
      return { heading: MESSAGES.page.notFound, message: said, way: "home" };
    case 403:
      return {
        heading: MESSAGES.toast.forbidden,
        message: said === MESSAGES.toast.forbidden ? undefined : said,
        way: "home",
      };
    case 503: {
      const detail = said ?? error.statusText;
      return {
        heading: MESSAGES.page.error,
        message: UNAVAILABLE_MESSAGE,
        detail: detail && detail !== UNAVAILABLE_MESSAGE ? detail : undefined,
        way: "logout",
      };
    }
    default:
      return { heading: MESSAGES.page.error, message: said || error.statusText || String(error.status), way: "logout" };
  }
}

/** A page's title when its loader failed: a missing thing has the site's not-found title. */
export function errorTitle(error: unknown): string {
  if (isRouteErrorResponse(error) && error.status === 404) return NOT_FOUND_TITLE;
  return "ReLaptop";
}

/**
 * An error boundary's content: the words for the status, and a way on. Focus moves to the heading so that
 * keyboard and screen-reader users land on what happened instead of where the failed link was. It is every
 * page's error boundary as it stands (`export const ErrorBoundary = RouteError`): React Router hands a
 * boundary the error as a prop.
 */
export function RouteError({ error }: { error: unknown }) {
  const words = describeRouteError(error);
  const heading = useRef<HTMLHeadingElement>(null);
  const messageId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new error in the same boundary moves focus again
  useEffect(() => heading.current?.focus(), [error]);
  if (isRouteErrorResponse(error) && error.status === 404)
    return <NotFound message={words.message} headingRef={heading} />;
  const failed = words.way === "logout";
  return (
    <section className="mx-auto flex max-w-lg flex-1 flex-col items-center gap-4 p-10 text-center">
      <h1
        ref={heading}
        tabIndex={-1}
        aria-describedby={words.message ? messageId : undefined}
        className={`text-3xl font-bold outline-none ${failed ? "text-error" : ""}`}
      >
        {words.heading}
      </h1>
      {words.message && <p id={messageId}>{words.message}</p>}
      {words.detail && <p className="text-sm text-base-content/70">{words.detail}</p>}
      {failed ? (
        <form method="post" action="/logout">
          <button type="submit" className="btn btn-primary">
            Logout
          </button>
        </form>
      ) : (
        <Link to="/" className="btn btn-primary">
          Go to Home
        </Link>
      )}
    </section>
  );
}
