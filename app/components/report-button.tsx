import { lazy } from "react";
import { LazyFormDialogButton } from "./dialog.tsx";

/** Loaded when someone is about to report (see the booking form, components/booking.tsx). */
const loadReportForm = () => import("../routes/report.tsx").then((m) => ({ default: m.ReportForm }));
const ReportForm = lazy(loadReportForm);

/** The Report button on a laptop's page and its modal; the form lives beside its action in routes/report.tsx. */
export function ReportButton({ advertId, name }: { advertId: string; name: string }) {
  return (
    <LazyFormDialogButton
      label="Report"
      className="btn btn-ghost btn-sm"
      title={`Report ${name}`}
      preload={loadReportForm}
    >
      {(close) => <ReportForm advertId={advertId} onCancel={close} onReported={close} />}
    </LazyFormDialogButton>
  );
}
