import { isDataExportActive, type DataExport, type DataExportStatus } from '@charta/contract';
import { API_PATHS } from './export-paths.js';

/** `dataExports/{id}`: an export and what its build and link need. Ids only, no patient data. */
export interface DataExportRecord {
  id: string;
  ownerUid: string;
  status: DataExportStatus;
  sessionsDone: number;
  sessionsTotal: number | null;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string | null;
  sizeBytes: number | null;
  /** Where the ZIP is stored (under the user's folder, so account deletion's sweep of it takes it too). */
  objectPath: string;
  /** The secret the download link carries (a browser download cannot send the user's token). */
  downloadToken: string | null;
  /** The build working on it, and until when its claim holds (a killed build's claim expires). */
  buildRunId: string | null;
  buildLeaseUntil: string | null;
  /** A code for why the build failed (no patient data). */
  failure: string | null;
}

export const exportObjectPath = (uid: string, exportId: string) => `users/${uid}/exports/${exportId}.zip`;

/** How long a build holds its claim between progress writes; a build silent for longer is taken over. */
export const BUILD_LEASE_MS = 5 * 60_000;

/**
 * A start this soon after the last one answers that export even if its build already finished: a double click or
 * a second tab whose request arrived after a small account's build (well under a second) gets the same export,
 * not a second build that replaces the first one's link.
 */
export const START_AGAIN_AFTER_MS = 30_000;

/** A new export of `uid`'s data, waiting for its build (the trigger on its creation starts it). */
export function queuedExport(uid: string, id: string, now: Date): DataExportRecord {
  return {
    id,
    ownerUid: uid,
    status: 'queued',
    sessionsDone: 0,
    sessionsTotal: null,
    createdAt: now.toISOString(),
    finishedAt: null,
    expiresAt: null,
    sizeBytes: null,
    objectPath: exportObjectPath(uid, id),
    downloadToken: null,
    buildRunId: null,
    buildLeaseUntil: null,
    failure: null,
  };
}

/** The export a new start should answer instead of creating one: one under way, or one started moments ago that did not fail. */
export function exportAnsweringStart(newestFirst: readonly DataExportRecord[], now: Date): DataExportRecord | undefined {
  const active = newestFirst.find((e) => isDataExportActive(e.status));
  if (active) return active;
  const [newest] = newestFirst;
  if (newest && newest.status === 'ready' && now.getTime() - Date.parse(newest.createdAt) < START_AGAIN_AFTER_MS && isLinkLive(newest, now)) return newest;
  return undefined;
}

export function isLinkLive(record: DataExportRecord, now: Date): boolean {
  return record.status === 'ready' && record.downloadToken !== null && record.expiresAt !== null && Date.parse(record.expiresAt) > now.getTime();
}

export function toContract(record: DataExportRecord, now: Date): DataExport {
  const live = isLinkLive(record, now);
  return {
    id: record.id,
    status: record.status,
    sessionsDone: record.sessionsDone,
    sessionsTotal: record.sessionsTotal,
    createdAt: record.createdAt,
    finishedAt: record.finishedAt,
    expiresAt: record.expiresAt,
    sizeBytes: record.sizeBytes,
    downloadPath: live && record.downloadToken ? API_PATHS.download(record.id, record.downloadToken) : null,
  };
}
