import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { PASSKEY_MESSAGES as M, type PasskeySummary, passkeyNameSchema } from "../../schemas/passkeys.ts";
import { announce } from "../lib/announce.ts";
import type { ActionErrors } from "../lib/forms.server.ts";
import { FormItem } from "../lib/typed-values.ts";
import { busySubmit } from "../lib/use-focus-landing.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import type { loader } from "../routes/account-passkeys.tsx";
import { ConfirmDialog, Dialog } from "./dialog.tsx";
import { FormError, TextField } from "./form-field.tsx";
import { LocalTime } from "./local-time.tsx";
import { RenameError, RenameForm } from "./rename-form.tsx";

const PASSKEYS = "/account/passkeys";

/**
 * The profile's "Passkeys": what a passkey is, the person's passkeys (name, when added) with rename and remove,
 * and "Add a passkey", which asks a name (this device's, to start with) and then the browser's own passkey
 * prompt. A section of its own: it loads its list from /account/passkeys (routes/account-passkeys.tsx) and
 * posts there, and loads the WebAuthn code (app/lib/passkeys.client.ts) only when someone adds one. Passkeys
 * need JavaScript: until the page runs, the button waits.
 */
export function PasskeysSection() {
  const list = useFetcher<typeof loader>();
  const { load } = list;
  useEffect(() => {
    load(PASSKEYS);
  }, [load]);
  const passkeys = list.data?.passkeys;
  return (
    <section aria-labelledby="passkeys-heading" className="flex flex-col items-start gap-3">
      <h2 id="passkeys-heading" className="text-xl font-semibold">
        Passkeys
      </h2>
      <p>{M.about}</p>
      {passkeys && passkeys.length > 0 && (
        <ul className="flex w-full flex-col gap-2">
          {passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      {passkeys?.length === 0 && <p>You have no passkeys yet.</p>}
      <AddPasskey thisDevice={list.data?.thisDevice} onAdded={() => load(PASSKEYS)} />
    </section>
  );
}

/**
 * "Add a passkey": its name first, then the browser's prompt; a refusal or a cancel is said in the dialog. The
 * name starts as this device's once the list has said it (the dialog's form is made when it opens), and is the
 * person's to write before that, or if the list could not be read.
 */
function AddPasskey({ thisDevice, onAdded }: { thisDevice: string | undefined; onAdded: () => void }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<ActionErrors>({});
  const close = () => {
    setOpen(false);
    setRefusal({});
  };
  async function add(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = passkeyNameSchema.safeParse(new FormData(event.currentTarget).get("name"));
    if (!name.success) return setRefusal({ fields: { name: name.error.issues[0]?.message ?? M.nameRequired } });
    setBusy(true);
    try {
      const { addPasskey } = await import("../lib/passkeys.client.ts");
      const outcome = await addPasskey(name.data);
      if (outcome.ok) {
        close();
        announce(M.added);
        onAdded();
      } else if (outcome.fields?.name) {
        setRefusal({ fields: { name: outcome.fields.name } });
      } else {
        setRefusal({ formError: M.addFailed });
      }
    } catch {
      setRefusal({ formError: M.addFailed });
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button type="button" className="btn btn-outline" disabled={!hydrated} onClick={() => setOpen(true)}>
        Add a passkey
      </button>
      <Dialog open={open} onClose={close} title="Add a passkey">
        {/* Its own form, posted by script: the name the profile's form was refused with is not this one's. */}
        <FormItem value="new passkey">
          <form onSubmit={add} className="flex flex-col gap-3" noValidate>
            <p>
              Name it after this device, so you can tell your passkeys apart. Your browser then asks you to confirm.
            </p>
            <FormError message={refusal.formError} />
            <TextField
              label="Passkey name"
              name="name"
              defaultValue={thisDevice}
              maxLength={120}
              error={refusal.fields?.name}
            />
            <div className="modal-action items-center">
              <button type="button" className="btn" onClick={close}>
                Cancel
              </button>
              <button type="submit" className="btn btn-primary" {...busySubmit(busy)}>
                Add the passkey
              </button>
            </div>
          </form>
        </FormItem>
      </Dialog>
    </>
  );
}

/** One passkey: its name (renamed in place) and when it was added; removing it asks first. */
function PasskeyItem({ passkey }: { passkey: PasskeySummary }) {
  const rename = useFetcher<ActionErrors>();
  const remove = useFetcher<ActionErrors>();
  const [confirming, setConfirming] = useState(false);
  const nameId = useId();
  const nameError = rename.data?.fields?.name;
  const refusal = rename.data?.formError ?? remove.data?.formError;
  return (
    <li className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{passkey.name}</h3>
        <span className="text-sm">
          Added <LocalTime iso={passkey.createdAt} part="day" />
        </span>
      </div>
      {refusal && (
        <p role="alert" className="text-sm text-error">
          {refusal}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-4">
        <RenameForm
          fetcher={rename}
          action={PASSKEYS}
          id={passkey.id}
          name={passkey.name}
          maxLength={120}
          inputId={nameId}
          error={nameError}
        />
        <button
          type="button"
          className="btn btn-error btn-outline btn-sm"
          disabled={remove.state !== "idle"}
          onClick={() => setConfirming(true)}
        >
          Remove<span className="sr-only"> {passkey.name}</span>
        </button>
        <ConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title={`Remove “${passkey.name}”?`}
          description="It will no longer sign you in. You can still sign in with your password."
        >
          <button
            type="button"
            className="btn btn-error"
            onClick={() => {
              remove.submit({ intent: "remove", id: passkey.id }, { method: "post", action: PASSKEYS });
              setConfirming(false);
            }}
          >
            Remove
          </button>
        </ConfirmDialog>
      </div>
      <RenameError inputId={nameId} error={nameError} />
    </li>
  );
}
