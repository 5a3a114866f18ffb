import { Link, useFetcher } from "react-router";
import { quotedThenStop } from "../../schemas/quoted-text.ts";
import { describeSearch } from "../../schemas/saved-search-names.ts";
import type { SearchParams } from "../../schemas/search.ts";
import { searchUrlEntries } from "../../schemas/search-url.ts";
import { useDetailsMenu } from "../lib/use-details-menu.ts";
import { busySubmit } from "../lib/use-focus-landing.ts";

type Answer = { saved?: { id: string; name: string }; fields?: Record<string, string>; formError?: string };

/**
 * "Save this search" beside a search's results (signed-in people only): a button that opens a small form
 * (a <details>, so it opens without JavaScript too) with the words, filters and sort on screen, under a name
 * suggested from them. Posted to the saved-searches page's action by a fetcher, so the results stay on
 * screen; a refusal shows in the form with what was typed kept.
 */
export function SaveSearch({ params, brandName }: { params: SearchParams; brandName?: string | null }) {
  const fetcher = useFetcher<Answer>();
  const menu = useDetailsMenu();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const fields = searchUrlEntries(params);
  const nameError = answer?.fields?.name;
  const otherErrors = Object.entries(answer?.fields ?? {}).filter(([k]) => k !== "name");
  return (
    <details
      {...menu}
      // Opened: the name to keep (or change) is what the person came for.
      onToggle={(e) =>
        e.currentTarget.open && e.currentTarget.querySelector<HTMLInputElement>("input[name=name]")?.focus()
      }
      className="dropdown dropdown-end"
    >
      <summary className="btn btn-outline btn-sm">Save this search</summary>
      <fetcher.Form
        // A new search on screen is a new form (its suggested name, no old answer).
        key={new URLSearchParams(fields).toString()}
        method="post"
        action="/dashboard/saved-searches"
        className="dropdown-content z-20 mt-2 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 shadow-lg"
        aria-label="Save this search"
      >
        <p className="text-sm">We tell you when a new laptop matches it. Change how often in Saved searches.</p>
        <input type="hidden" name="intent" value="create" />
        {fields.map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <div className="flex flex-col gap-1">
          <label htmlFor="save-search-name" className="text-sm font-medium">
            Name
          </label>
          <input
            id="save-search-name"
            name="name"
            defaultValue={describeSearch(params, brandName)}
            maxLength={80}
            className={`input input-bordered input-sm w-full ${nameError ? "input-error" : ""}`}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? "save-search-name-error" : undefined}
          />
          {nameError && (
            <p id="save-search-name-error" role="alert" className="text-sm text-error">
              {nameError}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary btn-sm self-start" {...busySubmit(fetcher.state !== "idle")}>
          Save this search
        </button>
        {(answer?.formError || otherErrors.length > 0) && (
          <div role="alert" className="text-sm text-error">
            {answer?.formError && <p>{answer.formError}</p>}
            {otherErrors.map(([k, message]) => (
              <p key={k}>{message}</p>
            ))}
          </div>
        )}
        {answer?.saved && (
          <p role="status" className="text-sm">
            Saved as {quotedThenStop(answer.saved.name)}{" "}
            <Link to="/dashboard/saved-searches" className="link link-primary">
              See your saved searches
            </Link>
          </p>
        )}
      </fetcher.Form>
    </details>
  );
}
