import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import { fieldErrors } from "../../../schemas/form-errors.ts";
import { EMAIL_STATUS_LABELS, RESENDABLE } from "../../../schemas/notification-labels.ts";
import { emailListQuery } from "../../../schemas/notifications.ts";
import { EMAIL_STATUSES } from "../../../schemas/values.ts";
import { SelectField, TextField } from "../../components/form-field.tsx";
import { Pager } from "../../components/pager.tsx";
import { RouteError } from "../../components/route-error.tsx";
import { LabelledCell, STACK, StackedTable } from "../../components/stacked-table.tsx";
import { ACTIONS } from "../../components/table-head.tsx";
import { parseForm } from "../../lib/forms.server.ts";
import { pageOrNotFound } from "../../lib/keyset-page.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import { dataWithToast, errorDataWithToast } from "../../lib/toast.server.ts";
import type { Route } from "./+types/email-delivery";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireUser(request, context, "admin");
  const { notifications } = context.get(appContext).services;
  const query = new URL(request.url).searchParams;
  const filter = { to: query.get("to") ?? "", kind: query.get("kind") ?? "", status: query.get("status") ?? "" };
  const kinds = notifications.emailKinds;
  // A filter that is not one (a hand-made address): said under its field, with no list, as a 400.
  const parsed = emailListQuery.safeParse({ ...filter, cursor: query.get("cursor") ?? undefined });
  if (!parsed.success) {
    return data({ filter, kinds, errors: fieldErrors(parsed.error), emails: [], next: null }, { status: 400 });
  }
  const page = await pageOrNotFound(() => notifications.recentEmails(admin, parsed.data));
  return { filter, kinds, errors: {} as Record<string, string>, ...page };
}

const sendAgainSchema = z.object({ emailId: z.uuid() });

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(request, context, "admin");
  const parsed = await parseForm(request, sendAgainSchema);
  if (parsed.error) return parsed.error;
  try {
    await context.get(appContext).services.notifications.sendAgain(admin, parsed.value.emailId);
    return dataWithToast(context, { ok: true }, { type: "success", message: "The email is queued to be sent again." });
  } catch (error) {
    return errorDataWithToast(context, error);
  }
}

export const meta = () => [{ title: "Email delivery — ReLaptop" }];

const STATUS_BADGES = {
  pending: "badge-info",
  sending: "badge-info",
  sent: "badge-success",
  failed: "badge-error",
  kept: "badge-warning",
} as const;

export default function EmailDelivery({ loaderData }: Route.ComponentProps) {
  const { emails, next } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-3xl font-bold">Email delivery</h1>
      <p className="max-w-3xl">
        The latest emails, newest first. A failed email has been tried with growing pauses; send it again once the mail
        server is back. Without SMTP_URL emails are kept here and in the server's log, not sent.
      </p>
      <EmailFilters {...loaderData} />
      {emails.length === 0 ? (
        <p>{Object.values(loaderData.filter).some(Boolean) ? "No emails match these filters." : "No emails yet."}</p>
      ) : (
        // Wide screens may still scroll it sideways: focusable, so a keyboard can scroll it too (WCAG 2.1.1).
        // On a phone each email is a card (STACK).
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled
        <section className="overflow-x-auto" tabIndex={0} aria-label="Latest emails">
          <StackedTable columns={["When (UTC)", "To", "Subject", "Status", ACTIONS]}>
            {emails.map((e) => (
              <tr key={e.id} className={STACK.row}>
                <LabelledCell label="When" className="whitespace-nowrap">
                  {e.createdAt.slice(0, 16).replace("T", " ")} <span className="md:sr-only">UTC</span>
                </LabelledCell>
                <LabelledCell label="To" className="md:min-w-48 break-all">
                  {e.to}
                </LabelledCell>
                <td className={`${STACK.cell} max-md:font-semibold`}>{e.subject}</td>
                <LabelledCell label="Status">
                  <span className={`badge ${STATUS_BADGES[e.status]} whitespace-nowrap`}>
                    {EMAIL_STATUS_LABELS[e.status]}
                  </span>
                  {e.status === "failed" && e.lastError && (
                    <p className="mt-1 text-sm">
                      {e.lastError} ({e.attempts} {e.attempts === 1 ? "try" : "tries"})
                    </p>
                  )}
                </LabelledCell>
                <td className={STACK.cell}>
                  {RESENDABLE.includes(e.status) && e.status !== "sent" && (
                    <Form method="post">
                      <input type="hidden" name="emailId" value={e.id} />
                      <button
                        type="submit"
                        className="btn btn-sm"
                        disabled={busy}
                        aria-label={`Send again: ${e.subject} to ${e.to}`}
                      >
                        Send again
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </StackedTable>
        </section>
      )}
      <Pager nextCursor={next} label="Pages of emails" />
    </section>
  );
}

/**
 * Recipient, kind and status: a GET form, so a filtered list is an address to keep or share, and works
 * without JavaScript; a new filter starts again from the newest email (no cursor).
 */
function EmailFilters({
  filter,
  kinds,
  errors,
}: Pick<Route.ComponentProps["loaderData"], "filter" | "kinds" | "errors">) {
  return (
    <Form method="get" role="search" aria-label="Filter emails" className="flex flex-wrap items-end gap-3">
      <TextField
        label="Recipient"
        name="to"
        type="email"
        defaultValue={filter.to}
        error={errors.to}
        className="input-sm"
      />
      <SelectField
        label="Kind"
        name="kind"
        placeholder="Every kind"
        defaultValue={filter.kind}
        error={errors.kind}
        options={kinds.map((k) => ({ value: k, label: k }))}
      />
      <SelectField
        label="Status"
        name="status"
        placeholder="Every status"
        defaultValue={filter.status}
        error={errors.status}
        options={EMAIL_STATUSES.map((s) => ({ value: s, label: EMAIL_STATUS_LABELS[s] }))}
      />
      <button type="submit" className="btn btn-sm">
        Filter
      </button>
    </Form>
  );
}

export const ErrorBoundary = RouteError;
