import { lazy, Suspense, useCallback, useState } from "react";
import { useHydrated } from "../lib/use-hydrated.ts";
import { Dialog, FormLoading } from "./dialog.tsx";

/** Loaded when someone is about to report (see the booking form, components/booking.tsx). */
const loadReportForm = () => import("../routes/report.tsx").then((m) => ({ default: m.ReportForm }));
const ReportForm = lazy(loadReportForm);

/** The Report button on a laptop's page and its modal; the form lives beside its action in routes/report.tsx. */
export function ReportButton({ advertId, name }: { advertId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={!hydrated}
        onPointerEnter={loadReportForm}
        onFocus={loadReportForm}
        onClick={() => setOpen(true)}
      >
        Report
      </button>
      <Dialog open={open} onClose={close} title={`Report ${name}`}>
        <Suspense fallback={<FormLoading />}>
          <ReportForm advertId={advertId} onCancel={close} onReported={close} />
        </Suspense>
      </Dialog>
    </>
  );
}
