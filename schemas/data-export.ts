import { z } from "zod";
import { formatDateTime } from "./dates.ts";
import { DATA_EXPORT_STATUSES } from "./values.ts";

/** How long a prepared download works (from when it is ready): the one source for the page, the core and the docs. */
export const EXPORT_LINK_HOURS = 24;

/** Where a person's ZIP is downloaded from (the API streams it from storage: server/api/data-export.ts). */
export const exportDownloadPath = (exportId: string) => `/api/account/export/${exportId}/download`;

/** What the profile and the API say about a person's data export. */
export const DATA_EXPORT_MESSAGES = {
  preparing: "We're preparing your data. We'll tell you when it's ready.",
  alreadyPreparing: "We're already preparing your data. We'll tell you when it's ready.",
  availableUntil: (expiresAt: string) => `Available until ${formatDateTime(expiresAt)}`,
  failed: "We could not prepare your data. Please ask again; if it fails again, contact us.",
  notFound: "This download does not exist or is not yours.",
  expired: `This download has expired: a link works for ${EXPORT_LINK_HOURS} hours. Ask for your data again on your profile.`,
} as const;

/** A person's latest request, as the profile and GET /api/account/export show it. */
export const dataExportSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(DATA_EXPORT_STATUSES),
    requestedAt: z.iso.datetime(),
    readyAt: z.iso.datetime().nullable(),
    /** Until when the download works (ready only). */
    expiresAt: z.iso.datetime().nullable(),
    /** The ZIP's address while it can be downloaded; null while preparing, once failed or expired. */
    downloadUrl: z.string().nullable(),
  })
  .meta({ id: "DataExport" });
export type DataExportView = z.input<typeof dataExportSchema>;

export const latestDataExportSchema = z
  .object({ export: dataExportSchema.nullable() })
  .meta({ id: "LatestDataExport" });
