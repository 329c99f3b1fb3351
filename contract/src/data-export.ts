// "Download my data" (docs/privacy.md "Export and print"): the whole account's sessions, each with its transcript,
// note and audio, as one ZIP the server builds in the background. The app starts an export, polls its
// progress, and downloads it by a link that works without a sign-in (a browser download cannot send a
// token) until it expires.
import { z } from 'zod';
import { resourceId } from './fields.js';

export const DATA_EXPORT_STATUSES = ['queued', 'building', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const DATA_EXPORT_STATUS_LABELS = {
  queued: 'Waiting to start',
  building: 'Preparing your download',
  ready: 'Ready to download',
  failed: 'The export failed',
} as const satisfies Record<DataExportStatus, string>;

/** How long a finished export's link works (and its file is kept): a day is enough to download it once. */
export const DATA_EXPORT_LINK_TTL_MS = 24 * 60 * 60_000;

export interface DataExport {
  id: string;
  status: DataExportStatus;
  /** Sessions written to the archive so far, and how many the account had when the build began (null before). */
  sessionsDone: number;
  sessionsTotal: number | null;
  createdAt: string;
  finishedAt: string | null;
  /** When the link stops working (ready exports only). */
  expiresAt: string | null;
  sizeBytes: number | null;
  /** The download link, path under the API's base (`/api/v1/export/download/...`); ready and unexpired only. */
  downloadPath: string | null;
}

export interface DataExportResponse {
  export: DataExport;
}

/** The latest export of the caller, if any (the Settings card shows it). */
export interface LatestDataExportResponse {
  export: DataExport | null;
}

/** GET /export/:exportId */
export const dataExportParams = z.strictObject({ exportId: resourceId });

/** GET /export/download/:exportId?token=... (the link carries its own secret; no sign-in). */
export const dataExportDownloadQuery = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'is not a download token') });

export const isDataExportActive = (status: DataExportStatus) => status === 'queued' || status === 'building';
