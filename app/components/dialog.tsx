import { Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { MESSAGES } from "../../schemas/messages.ts";
import { useHydrated } from "../lib/use-hydrated.ts";

/**
 * A modal dialog on the native <dialog> element: focus moves into it, Escape closes it,
 * the page behind is inert, it is announced as a dialog with its title, and focus returns to its opener.
 */
export function Dialog(props: { open: boolean; onClose: () => void; title: string; children: React.ReactNode }) {
  // Mounted only while open: a closed daisyUI modal still sits in the page, invisible.
  return props.open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({ onClose, title, children }: { onClose: () => void; title: string; children: React.ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const opener = document.activeElement;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // Closed by one of its buttons, it is taken out of the page open, which leaves focus nowhere (Escape closes it
    // first, and the browser gives focus back): focus goes back to what opened it, if nothing else took it.
    return () => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="modal-box">
        <h2 id={titleId} className="mb-4 text-lg font-bold">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}

/** "Are sure to delete this product?" — the spec's question before every delete. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  dismissLabel = "Cancel",
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What confirming does, when the title alone does not say it. */
  description?: string;
  /** The button that changes nothing: "Cancel", unless the action itself is a cancelling. */
  dismissLabel?: string;
  /** The confirming form (its submit button does the delete). */
  children: React.ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      {description && <p>{description}</p>}
      <div className="modal-action items-center">
        <button type="button" className="btn" onClick={onClose}>
          {dismissLabel}
        </button>
        {children}
      </div>
    </Dialog>
  );
}

/** The spec's delete question with a Delete button that runs `onConfirm` and closes. */
export function ConfirmDeleteDialog({
  open,
  onClose,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog open={open} onClose={onClose} title={MESSAGES.page.confirmDelete}>
      <button
        type="button"
        className="btn btn-error"
        onClick={() => {
          onConfirm();
          onClose();
        }}
      >
        Delete
      </button>
    </ConfirmDialog>
  );
}

/**
 * A button that opens a dialog holding a form loaded on demand (`React.lazy`): the form's module starts loading
 * when someone points at or focuses the button (`preload`), and the dialog says "Loading the form…" if it opens
 * first. The dialog mounts only while open, so the server never renders the lazy form.
 */
export function LazyFormDialogButton({
  label,
  className,
  title,
  preload,
  children,
}: {
  label: string;
  className: string;
  title: string;
  preload: () => unknown;
  children: (close: () => void) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={!hydrated}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      <Dialog open={open} onClose={close} title={title}>
        <Suspense fallback={<FormLoading />}>{children(close)}</Suspense>
      </Dialog>
    </>
  );
}

/** What a dialog shows while the form it opened for still loads (a form loaded on demand). */
function FormLoading() {
  return (
    <p role="status" className="flex items-center gap-2">
      <span className="loading loading-spinner" aria-hidden="true" /> Loading the form…
    </p>
  );
}
