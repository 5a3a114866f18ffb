import { type ReactNode, useState } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import type { z } from "zod";
import type { ActionErrors } from "../lib/forms.server.ts";
import { FormItem } from "../lib/typed-values.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { useValidatedForm } from "../lib/use-validated-form.ts";
import { AdvertRow } from "./advert-row.tsx";
import { ConfirmDialog, Dialog } from "./dialog.tsx";
import { checkedForm, FormError, TextField } from "./form-field.tsx";

/** The form field naming a row's thing: Reported Items' action tells the kinds apart by it. */
export type RowField = "advertId" | "reviewId" | "conversationId";
export type RowTarget = { [F in RowField]: Record<F, string> }[RowField];

/** Taking the thing down (Remove, Reject) asks the reason whom it belongs to will read. */
export interface TakeDown {
  intent: "remove" | "reject";
  /** The row's button. */
  label: string;
  dialogTitle: string;
  reasonLabel: string;
  submitLabel: string;
  schema: z.ZodType;
}

/** The answer given at once (Dismiss), or after a question (`confirm`: Approve says what it does first). */
interface Answer {
  intent: string;
  label: string;
  className?: string;
  confirm?: { title: string; description: string };
}

/**
 * A row of Reported Items — a reported laptop, review or conversation, or an advert held for review: what it
 * is and why it is there, then the admin's answers: one at once (`answer`: Dismiss, Approve) and, for what
 * can be taken down, one that asks the reason first (`takeDown`). A laptop's row shows its photo.
 */
export function ReportedItemRow({
  target,
  imageUrl,
  title,
  children,
  links,
  answer,
  takeDown,
}: {
  target: RowTarget;
  imageUrl?: string;
  title: ReactNode;
  children: ReactNode;
  /** Where to read more, before the buttons. */
  links?: ReactNode;
  answer: Answer;
  takeDown?: TakeDown;
}) {
  const fetcher = useFetcher<ActionErrors>();
  const hydrated = useHydrated();
  const [takingDown, setTakingDown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const give = () => {
    setConfirming(false);
    fetcher.submit({ intent: answer.intent, ...target }, { method: "post" });
  };
  const busy = fetcher.state !== "idle" || !hydrated;
  const body = (
    <>
      {children}
      <FormError message={fetcher.data?.formError} />
      <div className="card-actions">
        {links}
        <button
          type="button"
          className={`btn btn-sm ${answer.className ?? ""}`}
          disabled={busy}
          onClick={() => (answer.confirm ? setConfirming(true) : give())}
        >
          {answer.label}
        </button>
        {takeDown && (
          <button type="button" className="btn btn-sm btn-error" disabled={busy} onClick={() => setTakingDown(true)}>
            {takeDown.label}
          </button>
        )}
      </div>
    </>
  );
  const dialog = (
    <>
      {takeDown && (
        <ReasonDialog
          open={takingDown}
          onClose={() => setTakingDown(false)}
          takeDown={takeDown}
          target={target}
          fetcher={fetcher}
        />
      )}
      {answer.confirm && (
        <ConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title={answer.confirm.title}
          description={answer.confirm.description}
        >
          <button type="button" className={`btn ${answer.className ?? ""}`} onClick={give}>
            {answer.label}
          </button>
        </ConfirmDialog>
      )}
    </>
  );
  if (imageUrl) {
    return (
      <AdvertRow imageUrl={imageUrl} title={title} dialog={dialog}>
        {body}
      </AdvertRow>
    );
  }
  return (
    <li className="card border border-base-300">
      <div className="card-body gap-2 p-4">
        <h3 className="card-title flex-wrap text-lg">{title}</h3>
        {body}
      </div>
      {dialog}
    </li>
  );
}

/** "3 reports", beside a reported thing's name. */
export function ReportCount({ count }: { count: number }) {
  return (
    <span className="badge badge-warning">
      {count} report{count === 1 ? "" : "s"}
    </span>
  );
}

/** The reason an admin gives when taking something down; the row's fetcher posts it with the row's target. */
function ReasonDialog({
  open,
  onClose,
  takeDown,
  target,
  fetcher,
}: {
  open: boolean;
  onClose: () => void;
  takeDown: TakeDown;
  target: RowTarget;
  fetcher: FetcherWithComponents<ActionErrors>;
}) {
  const form = useValidatedForm(takeDown.schema, fetcher.data);
  return (
    <Dialog open={open} onClose={onClose} title={takeDown.dialogTitle}>
      <FormItem value={Object.values(target).join()}>
        <fetcher.Form {...checkedForm(form)} className="flex flex-col gap-3">
          <input type="hidden" name="intent" value={takeDown.intent} />
          {Object.entries(target).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <TextField label={takeDown.reasonLabel} name="reason" error={form.errors.reason} />
          <div className="modal-action">
            <button type="button" className="btn" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn btn-error" disabled={fetcher.state !== "idle"}>
              {takeDown.submitLabel}
            </button>
          </div>
        </fetcher.Form>
      </FormItem>
    </Dialog>
  );
}
