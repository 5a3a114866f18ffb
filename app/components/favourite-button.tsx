import { useFetcher, useLocation } from "react-router";
import { FAVOURITE_MESSAGES } from "../../schemas/favourite-labels.ts";
import { type Hearts, useFilledHearts } from "../lib/use-personal-data.ts";

/**
 * Short on purpose: a visitor's page carries one heart per card (24 on a list), and the micro-cache
 * serves those bytes thousands of times a second — a glyph rather than an SVG (the button's name is its
 * aria-label), default attributes left out, the laptop carried by the button itself, its look and the card's
 * corner each one class (app.css).
 */
const circle = "heart";
const glyph = (filled: boolean) => (filled ? "♥" : "♡");

/**
 * The heart on a card and on a laptop's page. A buyer's is a form post to /favourites — it works without
 * JavaScript (the action sends the browser back) and, with it, is sent by a fetcher and shows the new
 * state at once. A visitor's goes to the login page, which saves the laptop when they log in and brings
 * them back (to the page named by the Referer); it carries nothing personal, so visitors' pages stay
 * cacheable.
 */
export function FavouriteButton({
  advertId,
  hearts: given,
  className = "",
}: {
  advertId: string;
  hearts: Hearts;
  className?: string;
}) {
  const fetcher = useFetcher<{ saved?: boolean }>();
  const { pathname, search } = useLocation();
  const filled = useFilledHearts();
  const here = `${pathname}${search}`;
  const hearts: Hearts = given.mode === "later" && filled ? { mode: "buyer", ...filled } : given;
  if (hearts.mode === "none" || hearts.mode === "later" || (hearts.mode === "buyer" && hearts.own?.includes(advertId)))
    return null;

  if (hearts.mode === "visitor") {
    return (
      // The button carries the laptop (a submit button's name and value are sent with its form).
      <form action="/login" className={className}>
        {/* biome-ignore lint/a11y/useButtonType: a form's only button submits by default; these bytes are on every cached card */}
        <button
          className={circle}
          aria-pressed="false"
          aria-label={FAVOURITE_MESSAGES.save}
          name="favourite"
          value={advertId}
        >
          {glyph(false)}
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
      <button type="submit" className={circle} aria-pressed={saved} aria-label={label}>
        {glyph(saved)}
      </button>
    </form>
  );
}
