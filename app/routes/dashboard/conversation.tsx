import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import { isAppError } from "../../../core/errors.ts";
import {
  CONVERSATION_MESSAGES,
  MESSAGES_EVENT,
  type MessagesUpdate,
  REPORT_REASONS_FOR_CONVERSATIONS,
  reportConversationSchema,
  sendMessageSchema,
  type ThreadView,
} from "../../../schemas/conversations.ts";
import { REPORTS_DISMISSED } from "../../../schemas/moderation.ts";
import { formatPrice } from "../../../schemas/money.ts";
import { idFromPath } from "../../../schemas/params.ts";
import { LaptopLink } from "../../components/laptop-link.tsx";
import { LaptopPhoto } from "../../components/laptop-photo.tsx";
import { LocalTime } from "../../components/local-time.tsx";
import { MessageForm } from "../../components/message-form.tsx";
import { MessageText } from "../../components/message-text.tsx";
import { RouteError } from "../../components/route-error.tsx";
import { type ActionErrors, appErrorData, passRetryAfter, validateForm } from "../../lib/forms.server.ts";
import { useLiveEvent } from "../../lib/live-events.ts";
import { notFound } from "../../lib/not-found.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import { errorDataWithToast, redirectWithToast } from "../../lib/toast.server.ts";
import { useFocusLanding } from "../../lib/use-focus-landing.ts";
import { useLiveRefresh } from "../../lib/use-live-refresh.ts";
import type { Route } from "./+types/conversation";

/** The conversation's id from the page's path: one that cannot be an id names no conversation (404). */
function conversationId(params: Route.LoaderArgs["params"]) {
  const id = idFromPath(params.id);
  if (!id) throw notFound(CONVERSATION_MESSAGES.notFound);
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const id = conversationId(params);
  const before = new URL(request.url).searchParams.get("before") ?? undefined;
  try {
    return { thread: await context.get(appContext).services.conversations.open(user, id, { before }) };
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") throw notFound(error.message);
    throw error;
  }
}

const intentSchema = z.object({ intent: z.enum(["send", "block", "unblock", "report", "dismiss"]) });

/** Plain form posts that come back to this page, so that everything works without JavaScript. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const id = conversationId(params);
  const form = await request.formData();
  const { conversations } = context.get(appContext).services;
  const here = `/dashboard/messages/${id}`;
  const intent = intentSchema.safeParse({ intent: form.get("intent") });
  if (!intent.success) return data({ formError: "Unknown action." }, { status: 400 });
  try {
    switch (intent.data.intent) {
      case "send": {
        const parsed = validateForm(form, sendMessageSchema);
        if (parsed.error) return parsed.error;
        await conversations.send(user, id, parsed.value.body);
        return redirect(here);
      }
      case "block":
        await conversations.block(user, id);
        return redirectWithToast(context, here, { type: "success", message: "Blocked: no more messages either way." });
      case "unblock":
        await conversations.unblock(user, id);
        return redirectWithToast(context, here, { type: "success", message: "Unblocked." });
      case "report": {
        const parsed = validateForm(form, reportConversationSchema);
        if (parsed.error) return parsed.error;
        await conversations.report(user, id, parsed.value.reason);
        return redirectWithToast(context, here, {
          type: "success",
          message: "Thank you: an admin will read this conversation.",
        });
      }
      case "dismiss": {
        // An admin reading a reported conversation: done with it, back to what is left to look at.
        const admin = await requireUser(request, context, "admin");
        try {
          await conversations.dismiss(admin, id);
        } catch (error) {
          return errorDataWithToast(context, error); // another admin dismissed them meanwhile
        }
        return redirectWithToast(context, "/dashboard/reported-items", {
          type: "success",
          message: REPORTS_DISMISSED,
        });
      }
    }
  } catch (error) {
    if (isAppError(error) && error.code === "NOT_FOUND") throw notFound(error.message);
    return appErrorData(error, form);
  }
}

/** A limit's 429 says when to try again (Retry-After). */
export const headers = passRetryAfter;

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData ? `${loaderData.thread.advert.name}: conversation` : "Conversation"} — ReLaptop` },
];

const STATUS = {
  available: "Available",
  sold: "Sold",
  withdrawn: "No longer for sale",
  pending_review: "Not for sale now",
  rejected: "No longer for sale",
} as const;

export default function Conversation({ loaderData: { thread: t }, actionData }: Route.ComponentProps) {
  const refresh = useLiveRefresh();
  // A message, a reading or a block in this conversation, from the other side: read the page again.
  useLiveEvent(MESSAGES_EVENT, (data) => {
    if ((JSON.parse(data) as MessagesUpdate).conversationId === t.id) refresh();
  });
  const other = t.viewer === "buyer" ? t.seller : t.buyer;
  const last = t.messages.at(-1);
  // A refusal with what was typed is the message box's (a message refused, or the conversation blocked meanwhile).
  const sendResult = actionData && "values" in actionData ? (actionData as ActionErrors) : undefined;
  return (
    <section className="grid gap-6 lg:grid-cols-[1fr_18rem]">
      <div className="flex min-w-0 flex-col gap-4">
        <h1 className="text-2xl font-bold">
          {t.viewer === "admin" ? `Reported conversation: ${t.buyer.name} and ${t.seller.name}` : other.name}
        </h1>
        {t.older && (
          <Link to={`?before=${encodeURIComponent(t.older)}`} className="btn btn-ghost btn-sm self-start">
            Older messages
          </Link>
        )}
        {/* A log: what arrives while the page is open is announced politely. */}
        <div role="log" aria-label="Messages">
          <ol className="flex flex-col gap-3">
            {t.messages.map((m) => (
              <li
                key={m.id}
                className={`max-w-[85%] rounded-box p-3 ${m.mine ? "self-end bg-primary/10" : "self-start bg-base-200"}`}
              >
                <p className="text-sm">
                  <strong>{m.mine ? "You" : m.sender.name}</strong>{" "}
                  <LocalTime iso={m.createdAt} className="text-base-content/70" />
                </p>
                <MessageText text={m.body} />
                {m.mine && m.id === last?.id && m.seen && (
                  <p className="text-right text-sm text-base-content/70">Seen</p>
                )}
              </li>
            ))}
          </ol>
        </div>
        {t.messages.length === 0 && <p>No messages yet.</p>}
        {t.notice && (
          <p role="status" className="rounded-box bg-warning/20 p-3">
            {t.notice}
          </p>
        )}
        {t.canWrite && <MessageForm result={sendResult} />}
      </div>
      <aside className="flex flex-col gap-4" aria-label="About this conversation">
        <LaptopCard thread={t} />
        {t.viewer === "admin" ? <AdminActions thread={t} /> : <Safety thread={t} otherName={other.name} />}
      </aside>
    </section>
  );
}

function LaptopCard({ thread: t }: { thread: ThreadView }) {
  return (
    <div className="card border border-base-300">
      <figure>
        <LaptopPhoto src={t.advert.imageUrl} width={288} className="w-full object-cover" />
      </figure>
      <div className="card-body gap-1 p-4">
        <h2 className="card-title text-lg">
          <LaptopLink id={t.advert.id} name={t.advert.name} />
        </h2>
        <p className="flex items-center gap-2">
          {formatPrice(t.advert.priceCents)}
          <span className={`badge ${t.advert.status === "available" ? "badge-success" : "badge-neutral"}`}>
            {STATUS[t.advert.status]}
          </span>
        </p>
        <p className="text-sm">
          Seller:{" "}
          <Link to={`/sellers/${t.seller.id}`} className="link">
            {t.seller.name}
          </Link>
        </p>
      </div>
    </div>
  );
}

/** An admin reading a reported conversation: dismiss its reports, or go back to the others. */
function AdminActions({ thread: t }: { thread: ThreadView }) {
  return (
    <div className="flex flex-col gap-3">
      {t.openReports > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="dismiss" />
          <button type="submit" className="btn btn-sm btn-outline w-full">
            Dismiss its reports
          </button>
        </Form>
      ) : (
        <p className="text-sm">Its reports were dismissed.</p>
      )}
      <Link to="/dashboard/reported-items" className="link inline-flex min-h-6 items-center self-start text-sm">
        Back to Reported Items
      </Link>
    </div>
  );
}

function Safety({ thread: t, otherName }: { thread: ThreadView; otherName: string }) {
  // Reporting replaces the form (and its button, which had focus) with this line: focus lands on it.
  const reported = useFocusLanding<HTMLParagraphElement>(t.reportedByMe);
  return (
    <div className="flex flex-col gap-3">
      <Form method="post">
        <input type="hidden" name="intent" value={t.blockedByMe ? "unblock" : "block"} />
        <button type="submit" className="btn btn-sm btn-outline w-full">
          {t.blockedByMe ? `Unblock ${otherName}` : `Block ${otherName}`}
        </button>
      </Form>
      {t.reportedByMe ? (
        <p ref={reported} className="text-sm">
          You reported this conversation. An admin will read it.
        </p>
      ) : (
        <details className="rounded-box border border-base-300 p-3">
          <summary className="cursor-pointer font-medium">Report this conversation</summary>
          <Form method="post" className="mt-2 flex flex-col gap-2">
            <input type="hidden" name="intent" value="report" />
            <fieldset className="flex flex-col gap-1">
              <legend className="mb-1 text-sm">Admins will be able to read it. Why are you reporting it?</legend>
              {REPORT_REASONS_FOR_CONVERSATIONS.map((reason, i) => (
                <label key={reason} className="flex min-h-6 items-center gap-2">
                  <input
                    type="radio"
                    name="reason"
                    value={reason}
                    defaultChecked={i === 0}
                    className="radio radio-sm"
                  />
                  {reason}
                </label>
              ))}
            </fieldset>
            <button type="submit" className="btn btn-sm btn-error">
              Report
            </button>
          </Form>
        </details>
      )}
      <p className="text-sm text-base-content/70">{CONVERSATION_MESSAGES.privacy}</p>
    </div>
  );
}

export const ErrorBoundary = RouteError;
