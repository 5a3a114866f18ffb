import { useCallback, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { z } from "zod";
import { appContext } from "#app-context";
import { type StolenSerial, stolenSerialSchema } from "../../../schemas/serial-numbers.ts";
import { ConfirmDialog } from "../../components/dialog.tsx";
import { checkedForm, FormError, TextField } from "../../components/form-field.tsx";
import { LocalTime } from "../../components/local-time.tsx";
import { Pager } from "../../components/pager.tsx";
import { LabelledCell, STACK, StackedTable } from "../../components/stacked-table.tsx";
import { ACTIONS } from "../../components/table-head.tsx";
import { type ActionErrors, appErrorData, parseForm, validateForm } from "../../lib/forms.server.ts";
import { idOrNotFound } from "../../lib/id-or-not-found.ts";
import { keysetPage } from "../../lib/keyset-page.server.ts";
import { requireUser } from "../../lib/session.server.ts";
import { dataWithToast } from "../../lib/toast.server.ts";
import { mainHeading, useListFocus } from "../../lib/use-focus-landing.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useValidatedForm } from "../../lib/use-validated-form.ts";
import type { Route } from "./+types/stolen-serials";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireUser(request, context, "admin");
  const { stolenSerials } = context.get(appContext).services.moderation;
  return keysetPage(request, (cursor) => stolenSerials.list(admin, cursor));
}

const intentSchema = z.object({ intent: z.enum(["report", "remove"]) });
const NOT_LISTED = "This serial number is not on the stolen list.";

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireUser(request, context, "admin");
  const { stolenSerials } = context.get(appContext).services.moderation;
  const parsed = await parseForm(request, intentSchema);
  if (parsed.error) return parsed.error;
  try {
    if (parsed.value.intent === "remove") {
      await stolenSerials.remove(admin, idOrNotFound(parsed.form.get("id")?.toString(), NOT_LISTED));
      return dataWithToast(context, { ok: true as const }, { type: "success", message: "Taken off the stolen list." });
    }
    const report = validateForm(parsed.form, stolenSerialSchema);
    if (report.error) return report.error;
    const { held } = await stolenSerials.report(admin, report.value);
    const message = `Recorded as stolen. ${held} advert${held === 1 ? "" : "s"} held for review.`;
    return dataWithToast(context, { ok: true as const }, { type: "success", message });
  } catch (error) {
    return appErrorData(error, parsed.form);
  }
}

export const meta = () => [{ title: "Stolen serial numbers — ReLaptop" }];

export default function StolenSerials({ loaderData: { serials, next }, actionData }: Route.ComponentProps) {
  const rows = useListFocus<HTMLTableSectionElement>(serials.length, mainHeading);
  return (
    <section className="flex flex-col gap-6">
      <div>
        <h1 className="mb-2 text-3xl font-bold">Stolen serial numbers</h1>
        <p className="max-w-prose">
          A laptop reported stolen (a police notice, a buyer's report): record its serial number and every advert for
          sale with it is held for review, now and whenever one is posted. Sellers' serial numbers are never shown, to
          anyone; only a fingerprint of each is kept, so this list cannot show them either.
        </p>
      </div>
      <ReportForm actionData={actionData} />
      {serials.length === 0 ? (
        <p>No serial numbers are on the stolen list.</p>
      ) : (
        // On a phone each serial is a card (STACK), its button on screen.
        <StackedTable
          columns={["Recorded", "Where the report comes from", "By", "Adverts with it", ACTIONS]}
          body={{ ref: rows.ref, onFocus: rows.onFocus }}
        >
          {serials.map((s) => (
            <StolenRow key={s.id} serial={s} />
          ))}
        </StackedTable>
      )}
      <Pager nextCursor={next} label="Stolen list pages" />
    </section>
  );
}

/** Record a serial: the form empties itself once recorded (a new key), and keeps what was typed when refused. */
function ReportForm({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const refused = actionData && !("ok" in actionData) ? actionData : undefined;
  const form = useValidatedForm(stolenSerialSchema, refused);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "report";
  return (
    <Form
      {...checkedForm(form)}
      key={actionData && "ok" in actionData ? "recorded" : "form"}
      className="card flex max-w-xl flex-col gap-4 border border-base-300 bg-base-100 p-4"
      aria-label="Record a stolen serial number"
    >
      <h2 className="text-xl font-semibold">Record a stolen serial number</h2>
      <FormError message={form.formError} />
      <input type="hidden" name="intent" value="report" />
      <TextField
        label="Serial number"
        name="serialNumber"
        error={form.errors.serialNumber}
        autoComplete="off"
        hint="As printed under the laptop; spaces and dashes do not matter."
      />
      <TextField
        label="Where the report comes from"
        name="reason"
        error={form.errors.reason}
        hint="A police reference or the buyer's report, as you would want to read it later."
      />
      <button type="submit" className="btn btn-primary self-start" disabled={busy}>
        {busy ? "Recording…" : "Record as stolen"}
      </button>
    </Form>
  );
}

function StolenRow({ serial }: { serial: StolenSerial }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const remover = useFetcher<typeof action>();
  const hydrated = useHydrated();
  const error = (remover.data as ActionErrors | undefined)?.formError;
  return (
    <tr className={STACK.row}>
      <LabelledCell label="Recorded">
        <LocalTime iso={serial.reportedAt} part="day" />
      </LabelledCell>
      <td className={`${STACK.cell} max-md:font-semibold`}>{serial.reason}</td>
      <LabelledCell label="By">{serial.reportedBy}</LabelledCell>
      <LabelledCell label="Adverts">{serial.adverts}</LabelledCell>
      <td className={STACK.cell}>
        <button type="button" className="btn btn-sm" disabled={!hydrated} onClick={() => setOpen(true)}>
          Take off the list<span className="sr-only">: {serial.reason}</span>
        </button>
        <ConfirmDialog
          open={open}
          onClose={close}
          title="Take this serial number off the stolen list?"
          description="Adverts it held stay in the review queue until an admin approves them."
        >
          {error && (
            <p role="alert" className="mr-auto text-sm text-error">
              {error}
            </p>
          )}
          <remover.Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="id" value={serial.id} />
            <button type="submit" className="btn btn-primary" disabled={remover.state !== "idle"}>
              Take off the list
            </button>
          </remover.Form>
        </ConfirmDialog>
      </td>
    </tr>
  );
}
