import { useState } from "react";
import { data, Link, useFetcher } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import { AppError } from "../../../core/errors.ts";
import { idFromPath } from "../../../schemas/params.ts";
import { quotedThenStop } from "../../../schemas/quoted-text.ts";
import { NO_SAVED_SEARCH, savedSearchFormSchema, updateSavedSearchSchema } from "../../../schemas/saved-searches.ts";
import type { SavedSearchAlerts } from "../../../schemas/values.ts";
import { ConfirmDialog } from "../../components/dialog.tsx";
import { RenameError, RenameForm } from "../../components/rename-form.tsx";
import { RouteError } from "../../components/route-error.tsx";
import { type ActionErrors, appErrorData, typedValues, validateForm } from "../../lib/forms.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import { dataWithToast } from "../../lib/toast.server.ts";
import { busySubmit, mainHeading, useListFocus } from "../../lib/use-focus-landing.ts";
import { usePageAnswer } from "../../lib/use-form-answer.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import type { Route } from "./+types/saved-searches";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return { savedSearches: await context.get(appContext).services.savedSearches.list(user) };
}

const intentSchema = z.enum(["create", "rename", "alerts", "delete"]);

/**
 * Saving (from /allAdd and brand pages), renaming, choosing alerts and deleting. Each names its search by
 * id; the core finds it among the caller's own only, so someone else's is "not found".
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const { savedSearches } = context.get(appContext).services;
  const form = await request.formData();
  const intent = intentSchema.safeParse(form.get("intent"));
  if (!intent.success) return data<ActionErrors>({ formError: "Choose what to do." }, { status: 400 });
  try {
    if (intent.data === "create") {
      const parsed = validateForm(form, savedSearchFormSchema);
      if (parsed.error) return parsed.error;
      const saved = await savedSearches.create(user, parsed.value);
      return dataWithToast(
        context,
        { saved: { id: saved.id, name: saved.name } },
        { type: "success", message: "Search saved. We will tell you about new matches." },
      );
    }
    const id = String(form.get("id") ?? "");
    if (intent.data === "delete") {
      await savedSearches.remove(user, searchId(id));
      return dataWithToast(context, { id }, { type: "success", message: "Saved search deleted." });
    }
    const change =
      intent.data === "rename" ? { name: form.get("name") ?? "" } : { alerts: form.get("alerts") ?? undefined };
    const checked = updateSavedSearchSchema.safeParse(change);
    if (!checked.success) {
      const fields = Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0] ?? "form"), i.message]));
      return data<ActionErrors & { id: string }>({ id, item: id, fields, values: typedValues(form) }, { status: 400 });
    }
    const updated = await savedSearches.update(user, searchId(id), checked.data);
    return dataWithToast(
      context,
      { id },
      {
        type: "success",
        message:
          intent.data === "rename"
            ? `Renamed to ${quotedThenStop(updated.name)}`
            : `Alerts: ${ALERT_LABELS[updated.alerts]}.`,
      },
    );
  } catch (error) {
    return appErrorData(error);
  }
}

/** An id that cannot name a saved search names none: "not found", as someone else's is. */
function searchId(value: string): string {
  const id = idFromPath(value);
  if (!id) throw new AppError("NOT_FOUND", NO_SAVED_SEARCH);
  return id;
}

export const meta = () => [{ title: "Saved searches — ReLaptop" }];

const ALERT_LABELS: Record<SavedSearchAlerts, string> = { instant: "Instantly", daily: "Daily", off: "Off" };

type Saved = Route.ComponentProps["loaderData"]["savedSearches"][number];

export default function SavedSearches({ loaderData: { savedSearches }, actionData }: Route.ComponentProps) {
  // A save posted without JavaScript lands here: its refusal is shown at the top.
  const refused = actionData && !("id" in actionData) ? (actionData as ActionErrors) : undefined;
  const messages = [refused?.formError, ...Object.values(refused?.fields ?? {})].filter(Boolean);
  // A deleted search takes its Delete button with it: focus goes to the search now in its place.
  const list = useListFocus<HTMLUListElement>(savedSearches.length, mainHeading);
  return (
    <section className="flex max-w-3xl flex-col gap-4">
      <h1 className="text-3xl font-bold">Saved searches</h1>
      {messages.length > 0 && (
        <div role="alert" className="rounded-box bg-error/10 p-3 text-sm text-error">
          {messages.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      )}
      <p>
        Open a search to see its laptops. With alerts <strong>Instantly</strong> you get a notification for each new
        laptop that matches (and an email at most once an hour); <strong>Daily</strong>, one email a day.{" "}
        <Link to="/dashboard/saved-searches/matches" className="link link-primary">
          See every new match
        </Link>
      </p>
      {savedSearches.length === 0 ? (
        <p>
          Nothing saved yet. Search on{" "}
          <Link to="/allAdd" className="link link-primary">
            All laptops
          </Link>{" "}
          and press Save this search.
        </p>
      ) : (
        <ul ref={list.ref} onFocus={list.onFocus} className="flex flex-col gap-3">
          {savedSearches.map((s) => (
            <SavedSearchItem key={s.id} search={s} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SavedSearchItem({ search: s }: { search: Saved }) {
  const rename = useFetcher<ActionErrors>();
  const alerts = useFetcher<ActionErrors>();
  const remove = useFetcher<ActionErrors>();
  const [confirming, setConfirming] = useState(false);
  const hydrated = useHydrated();
  // Posted without JavaScript, a refused rename or alerts answers as the page.
  const posted = usePageAnswer(s.id);
  const nameError = rename.state === "idle" ? (rename.data ?? posted)?.fields?.name : undefined;
  // Alerts are chosen from a list: refused only if the post was not this page's, said with the item's refusals.
  const alertsError = alerts.state === "idle" ? (alerts.data ?? posted)?.fields?.alerts : undefined;
  const refusal =
    [rename, alerts, remove].map((f) => (f.state === "idle" ? f.data?.formError : undefined)).find(Boolean) ??
    alertsError;
  const nameId = `name-${s.id}`;
  const alertsId = `alerts-${s.id}`;
  return (
    <li className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-semibold">{s.name}</h2>
        <Link to={s.url} className="btn btn-primary btn-sm">
          Open<span className="sr-only"> {s.name}</span>
        </Link>
      </div>
      {/* A search still named as suggested already says its filters in its heading. */}
      {s.summary !== s.name && <p className="text-sm text-base-content/80">{s.summary}</p>}
      {refusal && (
        <p role="alert" className="text-sm text-error">
          {refusal}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-4">
        <RenameForm fetcher={rename} id={s.id} name={s.name} maxLength={80} inputId={nameId} error={nameError} />
        <alerts.Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="alerts" />
          <input type="hidden" name="id" value={s.id} />
          <div className="flex flex-col gap-1">
            <label htmlFor={alertsId} className="text-sm font-medium">
              Alerts
            </label>
            <select id={alertsId} name="alerts" defaultValue={s.alerts} className="select select-bordered select-sm">
              {Object.entries(ALERT_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-outline btn-sm" {...busySubmit(alerts.state !== "idle")}>
            Save alerts<span className="sr-only"> for {s.name}</span>
          </button>
        </alerts.Form>
        {/* Asked first once the page runs; without JavaScript the button posts at once. */}
        <remove.Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={s.id} />
          <button
            type={hydrated ? "button" : "submit"}
            className="btn btn-error btn-sm"
            disabled={remove.state !== "idle"}
            onClick={hydrated ? () => setConfirming(true) : undefined}
          >
            Delete<span className="sr-only"> {s.name}</span>
          </button>
        </remove.Form>
        <ConfirmDialog open={confirming} onClose={() => setConfirming(false)} title={`Delete “${s.name}”?`}>
          <button
            type="button"
            className="btn btn-error"
            onClick={() => {
              remove.submit({ intent: "delete", id: s.id }, { method: "post" });
              setConfirming(false);
            }}
          >
            Delete
          </button>
        </ConfirmDialog>
      </div>
      <RenameError inputId={nameId} error={nameError} />
    </li>
  );
}

export const ErrorBoundary = RouteError;
