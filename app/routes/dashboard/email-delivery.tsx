import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import { EMAIL_STATUS_LABELS, RESENDABLE } from "../../../schemas/notification-labels.ts";
import { RouteError } from "../../components/route-error.tsx";
import { LabelledCell, STACK, StackedTable } from "../../components/stacked-table.tsx";
import { ACTIONS } from "../../components/table-head.tsx";
import { parseForm } from "../../lib/forms.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import { dataWithToast, errorDataWithToast } from "../../lib/toast.server.ts";
import type { Route } from "./+types/email-delivery";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireUser(request, context, "admin");
  return { emails: await context.get(appContext).services.notifications.recentEmails(admin) };
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

export default function EmailDelivery({ loaderData: { emails } }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-3xl font-bold">Email delivery</h1>
      <p className="max-w-3xl">
        The latest emails, newest first. A failed email has been tried with growing pauses; send it again once the mail
        server is back. Without SMTP_URL emails are kept here and in the server's log, not sent.
      </p>
      {emails.length === 0 ? (
        <p>No emails yet.</p>
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
    </section>
  );
}

export const ErrorBoundary = RouteError;
