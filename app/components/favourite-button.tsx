import { useFetcher, useLocation } from "react-router";
import { FAVOURITE_MESSAGES } from "../../schemas/favourites.ts";

/** Who is looking, for the hearts of a page: loaders build it with `heartsFor` (app/lib/favourites.server.ts). */
export type Hearts = { mode: "visitor" } | { mode: "buyer"; saved: string[] } | { mode: "none" };

const circle = "btn btn-circle btn-sm border-base-300 bg-base-100/90 text-lg shadow-sm";

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="text-error">
      <path
        d="M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.6 4.5c2.1 0 3.6 1.2 4.4 2.6.8-1.4 2.3-2.6 4.4-2.6 3.6 0 5.7 3.8 4.2 7.2C19.5 16.4 12 21 12 21z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}

/**
 * The heart on a card and on a laptop's page. A buyer's is a form post to /favourites — it works without
 * JavaScript (the action sends the browser back) and, with it, is sent by a fetcher and shows the new
 * state at once. A visitor's goes to the login page, which saves the laptop when they log in and brings
 * them back; it carries nothing personal, so visitors' pages stay cacheable.
 */
export function FavouriteButton({
  advertId,
  name,
  hearts,
  className = "",
}: {
  advertId: string;
  name: string;
  hearts: Hearts;
  className?: string;
}) {
  const fetcher = useFetcher<{ saved?: boolean }>();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  if (hearts.mode === "none") return null;

  if (hearts.mode === "visitor") {
    return (
      <form method="get" action="/login" className={className}>
        <input type="hidden" name="redirectTo" value={here} />
        <input type="hidden" name="favourite" value={advertId} />
        <button
          type="submit"
          className={circle}
          aria-pressed="false"
          aria-label={FAVOURITE_MESSAGES.save}
          title={`${FAVOURITE_MESSAGES.save}: ${name}`}
        >
          <Heart filled={false} />
        </button>
      </form>
    );
  }

  // Optimistic: while the post is in flight, what it asked for; then what the server said.
  const pending = fetcher.formData?.get("intent");
  const saved = pending ? pending === "save" : (fetcher.data?.saved ?? hearts.saved.includes(advertId));
  const label = saved ? FAVOURITE_MESSAGES.remove : FAVOURITE_MESSAGES.save;
  return (
    <form
      method="post"
      action="/favourites"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        form.set("via", "fetcher");
        fetcher.submit(form, { method: "post", action: "/favourites" });
      }}
    >
      <input type="hidden" name="advertId" value={advertId} />
      <input type="hidden" name="intent" value={saved ? "remove" : "save"} />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" className={circle} aria-pressed={saved} aria-label={label} title={`${label}: ${name}`}>
        <Heart filled={saved} />
      </button>
    </form>
  );
}
