import { Form, useNavigation } from "react-router";
import { DATA_EXPORT_MESSAGES, type DataExportView, EXPORT_LINK_HOURS } from "../../schemas/data-export.ts";
import { busySubmit } from "../lib/use-focus-landing.ts";
import { LocalTime } from "./local-time.tsx";

/**
 * The profile's "Download my data": what the ZIP holds, a button that asks for it (a plain form posted to
 * /account/export, routes/account-export.tsx: it works without JavaScript), then — from the person's latest
 * request — "being prepared", or the download link with until when it works, or that it failed.
 */
export function DataExportSection({ latest }: { latest: DataExportView | null }) {
  const busy = useNavigation().state === "submitting";
  const preparing = latest?.status === "preparing";
  return (
    <section id="data-export" aria-labelledby="data-export-heading" className="flex flex-col items-start gap-3">
      <h2 id="data-export-heading" className="text-xl font-semibold">
        Download my data
      </h2>
      <p>
        A ZIP of what ReLaptop keeps about you: your account, adverts and their photos, orders, messages, reviews you
        wrote and received, favourites, saved searches and notifications, with a README that explains the files. We
        prepare it in the background and tell you when it is ready; the link works for {EXPORT_LINK_HOURS} hours, for
        you only.
      </p>
      {preparing && (
        <p role="status" className="alert alert-info">
          {DATA_EXPORT_MESSAGES.preparing}
        </p>
      )}
      {latest?.status === "failed" && (
        <p role="status" className="alert alert-error">
          {DATA_EXPORT_MESSAGES.failed}
        </p>
      )}
      {latest?.downloadUrl && latest.expiresAt && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <a href={latest.downloadUrl} className="btn btn-primary" download>
            Download (ZIP)
          </a>
          <span>
            Available until <LocalTime iso={latest.expiresAt} />
          </span>
        </p>
      )}
      {!preparing && (
        <Form method="post" action="/account/export">
          <button type="submit" className="btn btn-outline" {...busySubmit(busy)}>
            Download my data
          </button>
        </Form>
      )}
    </section>
  );
}
