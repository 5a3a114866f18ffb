import { useState } from "react";
import { Form, Link, useFetcher, useSearchParams } from "react-router";
import type { PersonRow } from "../../schemas/moderation.ts";
import { busyButton, useFocusLanding } from "../lib/use-focus-landing.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { ConfirmDeleteDialog } from "./dialog.tsx";
import { LocalTime } from "./local-time.tsx";
import { SellerRecordLine } from "./seller-record.tsx";
import { LabelledCell, STACK, StackedTable } from "./stacked-table.tsx";
import { ACTIONS } from "./table-head.tsx";

/** All Sellers and All Buyers: search, pages, and each row's actions. */
export function PeopleTable({
  people,
  total,
  pageSize,
  sellers,
}: {
  people: PersonRow[];
  total: number;
  pageSize: number;
  sellers: boolean;
}) {
  const [params] = useSearchParams();
  const page = Number(params.get("page") ?? 1) || 1;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pageLink = (n: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(n));
    return `?${next}`;
  };
  return (
    <>
      <Form method="get" role="search" className="mb-4 flex max-w-md items-end gap-2">
        <label className="flex flex-1 flex-col gap-1 text-sm">
          <span>Search by name or email</span>
          <input
            type="search"
            name="q"
            defaultValue={params.get("q") ?? ""}
            className="input input-bordered input-sm w-full"
          />
        </label>
        <button type="submit" className="btn btn-sm">
          Search
        </button>
      </Form>
      <p className="mb-2 text-sm">
        {total} {total === 1 ? "account" : "accounts"} ·{" "}
        <Link to="/dashboard/admin-log" className="link">
          Admin activity
        </Link>
      </p>
      <div className="overflow-x-auto">
        <StackedTable columns={["Name", "Email", "Status", sellers ? "Record" : "Joined", ACTIONS]}>
          {people.map((p) => (
            <PersonRowView key={p.id} person={p} seller={sellers} />
          ))}
        </StackedTable>
      </div>
      {pages > 1 && (
        <nav aria-label="Pages" className="join mt-4">
          {page > 1 && (
            <Link to={pageLink(page - 1)} className="btn join-item btn-sm">
              « Previous
            </Link>
          )}
          <span className="btn join-item btn-sm btn-disabled">
            Page {page} of {pages}
          </span>
          {page < pages && (
            <Link to={pageLink(page + 1)} className="btn join-item btn-sm">
              Next »
            </Link>
          )}
        </nav>
      )}
    </>
  );
}

function PersonRowView({ person, seller }: { person: PersonRow; seller: boolean }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle" || !hydrated;
  const post = (intent: string) => fetcher.submit({ intent, userId: person.id }, { method: "post" });
  const status = person.deactivated ? "Deleted" : seller ? (person.verified ? "Verified" : "Not verified") : "Active";
  // Deleting removes the row's buttons: its new status takes the focus the Delete button held.
  const statusMark = useFocusLanding<HTMLSpanElement>(person.deactivated);
  return (
    <tr className={`${STACK.row} ${person.deactivated ? "opacity-60" : ""}`}>
      <td className={`${STACK.cell} max-md:text-lg max-md:font-semibold`}>{person.name}</td>
      <td className={`${STACK.cell} break-all`}>
        {/* A deleted account's address was removed with it. */}
        {person.email ? (
          <>
            {person.email}{" "}
            <span className={`badge badge-sm ${person.emailVerified ? "badge-success badge-outline" : "badge-ghost"}`}>
              {person.emailVerified ? "Email confirmed" : "Email not confirmed"}
            </span>
          </>
        ) : (
          "Email removed"
        )}
      </td>
      <LabelledCell label="Status">
        <span
          ref={statusMark}
          className={`badge ${status === "Verified" ? "badge-info" : status === "Deleted" ? "badge-ghost" : "badge-outline"}`}
        >
          {status}
        </span>
      </LabelledCell>
      {/* A seller's record says the account's age with the rest; a buyer's row, the day they joined. */}
      {person.record ? (
        <LabelledCell label="Record">
          <SellerRecordLine record={person.record} />
        </LabelledCell>
      ) : (
        <LabelledCell label="Joined">
          <LocalTime iso={person.joinedAt} part="day" />
        </LabelledCell>
      )}
      <td className={STACK.cell}>
        <div className="flex flex-wrap gap-2 md:justify-end">
          <Link
            to={`/dashboard/users/${person.id}/orders`}
            className="btn btn-sm btn-ghost"
            aria-label={`Orders of ${person.name}`}
          >
            Orders
          </Link>
          {seller && !person.deactivated && (
            <button
              type="button"
              className={`btn btn-sm ${person.verified ? "" : "btn-primary"}`}
              disabled={!hydrated}
              {...busyButton(busy, () => post(person.verified ? "unverify" : "verify"))}
            >
              {person.verified ? "Revoke verification" : "Make Verified"}
            </button>
          )}
          {!person.deactivated && (
            <button
              type="button"
              className="btn btn-sm btn-error"
              disabled={busy}
              onClick={() => setConfirming(true)}
              aria-label={`Delete ${person.name}`}
            >
              Delete
            </button>
          )}
        </div>
        <ConfirmDeleteDialog open={confirming} onClose={() => setConfirming(false)} onConfirm={() => post("delete")} />
      </td>
    </tr>
  );
}
