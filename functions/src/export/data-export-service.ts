import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { DATA_EXPORT_LINK_TTL_MS, type DataExport } from '@charta/contract';
import { isTransactionGivenUp } from '../firestore/errors.js';
import { notFound, unavailable } from '../http/errors.js';
import { logCode, logId, type Logger } from '../logging/logger.js';
import { logDataExportFailed } from '../logging/log-events.js';
import type { AudioStore } from '../storage/audio-store.js';
import { BUILD_LEASE_MS, exportAnsweringStart, isLinkLive, queuedExport, toContract, type DataExportRecord } from './data-export.js';
import type { DataExportRepo } from './data-export-repo.js';
import { writeExportArchive } from './export-archive.js';
import type { ExportSource } from './export-source.js';

/** Progress is written every this many sessions (and the claim renewed): a few writes for any account. */
const PROGRESS_EVERY = 25;
/** Starts tried when Firestore gives up on a contended transaction (each already retried five times by the SDK). */
const START_ATTEMPTS = 3;

const notFoundExport = () => notFound('No such export');
const expiredLink = () => notFound('This download link has expired or was replaced by a newer export. Start a new export in Settings.');

/**
 * "Download my data": starting an export, reading its progress, and the download behind its link. Starting
 * writes the export's document; its creation is the event the background build runs on (index.ts, a
 * Firestore trigger, like the pipeline's outbox), so the request answers at once whatever the account's size.
 */
export class DataExportService {
  constructor(
    private readonly repo: DataExportRepo,
    private readonly store: AudioStore,
    private readonly source: ExportSource,
    private readonly logger: Logger,
    private readonly now: () => Date,
  ) {}

  /**
   * Starts an export, or answers the one already under way or started moments ago (a retry or a second tab never
   * starts a second build: the transaction reads and writes the user's start marker, so of two racing starts one creates and the
   * other, retried, sees it).
   * Older exports go, with their files: a user has one export at a time.
   */
  async start(uid: string): Promise<{ export: DataExport; created: boolean }> {
    const now = this.now();
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.startInTransaction(uid, now);
      } catch (err) {
        if (!isTransactionGivenUp(err)) throw err;
        // Firestore stopped retrying this start, because other starts of the same user kept taking the marker (a
        // burst of retries on a loaded server) or the server kept failing it. If one of them created the export,
        // this start answers it, as a retried transaction would have; if none has committed yet, it runs again.
        const answering = exportAnsweringStart(await this.repo.ownedBy(uid), now);
        if (answering) return { export: toContract(answering, now), created: false };
        if (attempt >= START_ATTEMPTS) throw unavailable('Download my data is busy starting your export; try again in a moment');
      }
    }
  }

  private async startInTransaction(uid: string, now: Date): Promise<{ export: DataExport; created: boolean }> {
    const { record, created, replaced } = await this.repo.runTransaction(async (tx) => {
      await this.repo.readStartMarker(tx, uid);
      const existing = await this.repo.ownedBy(uid, tx);
      const answering = exportAnsweringStart(existing, now);
      if (answering) return { record: answering, created: false, replaced: [] as DataExportRecord[] };
      const fresh = queuedExport(uid, this.repo.newId(), now);
      this.repo.create(tx, fresh);
      this.repo.writeStartMarker(tx, uid, fresh.id, now);
      return { record: fresh, created: true, replaced: existing };
    });
    for (const old of replaced) await this.discard(old);
    return { export: toContract(record, now), created };
  }

  async latest(uid: string): Promise<DataExport | null> {
    const [newest] = await this.repo.ownedBy(uid);
    return newest ? toContract(newest, this.now()) : null;
  }

  async get(uid: string, exportId: string): Promise<DataExport> {
    const record = await this.repo.find(exportId);
    if (!record || record.ownerUid !== uid) throw notFoundExport();
    return toContract(record, this.now());
  }

  /**
   * The ZIP behind a link, if its token is right and it has not expired (both answer 404: a link that is
   * wrong says no more than one that never was). An expired export's file is deleted when its link is used.
   */
  async openDownload(exportId: string, token: string): Promise<{ ownerUid: string; stream: Readable; sizeBytes: number | null; fileName: string }> {
    const record = await this.repo.find(exportId);
    if (!record || !record.downloadToken || !sameSecret(record.downloadToken, token)) throw notFoundExport();
    if (!isLinkLive(record, this.now())) {
      await this.store.delete(record.objectPath);
      throw expiredLink();
    }
    const size = await this.store.size(record.objectPath);
    if (size === null) throw expiredLink();
    return { ownerUid: record.ownerUid, stream: this.store.openRead(record.objectPath), sizeBytes: size, fileName: `charta-export-${record.createdAt.slice(0, 10)}.zip` };
  }

  /**
   * Builds the export (the trigger calls this once per created export; a redelivery is a no-op while a build
   * holds the claim, and a build killed half-way is taken over once its claim lapses). The ZIP streams from
   * Firestore and Storage into Storage: one session in flight, never the whole archive in memory.
   */
  async build(exportId: string): Promise<void> {
    const runId = randomUUID();
    const claimed = await this.claim(exportId, runId);
    if (!claimed) return;
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    const zipped = new PassThrough();
    let written = 0;
    try {
      const saving = this.store.saveStream(claimed.objectPath, zipped.pipe(counter), 'application/zip');
      saving.catch(() => {});
      const accountFiles = await this.source.accountFilesOf(claimed.ownerUid);
      await writeExportArchive(
        this.source.sessionsOf(claimed.ownerUid),
        zipped,
        async ({ sessionsDone }) => {
          written = sessionsDone;
          if (sessionsDone % PROGRESS_EVERY === 0) await this.progress(exportId, runId, sessionsDone);
        },
        accountFiles,
      );
      await saving;
      await this.finish(exportId, runId, { sizeBytes: bytes, sessionsDone: written }, claimed.objectPath);
    } catch (err) {
      // Ids and the error's class only: a message could quote a patient's name from a path or a document.
      logDataExportFailed(this.logger, { exportId: logId(exportId), errorName: logCode(err instanceof Error ? err.name : 'unknown') });
      await this.store.delete(claimed.objectPath).catch(() => {});
      await this.fail(exportId, runId);
    }
  }

  private async claim(exportId: string, runId: string): Promise<DataExportRecord | null> {
    const record = await this.repo.find(exportId);
    if (!record) return null;
    // Counted before the claim (an aggregate query cannot run in a transaction): the progress bar's total.
    const sessionsTotal = await this.source.countOf(record.ownerUid);
    return this.repo.runTransaction(async (tx) => {
      const record = await this.repo.find(exportId, tx);
      if (!record) return null;
      const now = this.now();
      const leaseLapsed = record.status === 'building' && (record.buildLeaseUntil === null || Date.parse(record.buildLeaseUntil) <= now.getTime());
      if (record.status !== 'queued' && !leaseLapsed) return null;
      const claimed: DataExportRecord = { ...record, status: 'building', sessionsDone: 0, sessionsTotal, buildRunId: runId, buildLeaseUntil: new Date(now.getTime() + BUILD_LEASE_MS).toISOString() };
      this.repo.update(tx, claimed);
      return claimed;
    });
  }

  /** Writes progress if this run still holds the claim (an export deleted meanwhile is left deleted). */
  private async progress(exportId: string, runId: string, sessionsDone: number): Promise<void> {
    await this.repo.runTransaction(async (tx) => {
      const record = await this.repo.find(exportId, tx);
      if (!record || record.buildRunId !== runId) return;
      this.repo.update(tx, { ...record, sessionsDone, buildLeaseUntil: new Date(this.now().getTime() + BUILD_LEASE_MS).toISOString() });
    });
  }

  private async finish(exportId: string, runId: string, result: { sizeBytes: number; sessionsDone: number }, objectPath: string): Promise<void> {
    const kept = await this.repo.runTransaction(async (tx) => {
      const record = await this.repo.find(exportId, tx);
      if (!record || record.buildRunId !== runId) return false;
      const now = this.now();
      this.repo.update(tx, {
        ...record,
        status: 'ready',
        finishedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + DATA_EXPORT_LINK_TTL_MS).toISOString(),
        ...result,
        // Sessions made or deleted while it was built change the count: the total is what the archive holds.
        sessionsTotal: result.sessionsDone,
        downloadToken: randomBytes(32).toString('base64url'),
        buildRunId: null,
        buildLeaseUntil: null,
      });
      return true;
    });
    // The export went while it was built (the account was deleted): so does its file. (An export another
    // run took over is left to that run, which writes the same object.)
    if (!kept && (await this.repo.find(exportId)) === null) await this.store.delete(objectPath);
  }

  private async fail(exportId: string, runId: string): Promise<void> {
    await this.repo.runTransaction(async (tx) => {
      const record = await this.repo.find(exportId, tx);
      if (!record || record.buildRunId !== runId) return;
      this.repo.update(tx, { ...record, status: 'failed', finishedAt: this.now().toISOString(), failure: 'build_failed', buildRunId: null, buildLeaseUntil: null });
    });
  }

  /**
   * Account deletion: the export documents first (a build under way then finds its export gone and deletes
   * what it wrote), then every file under the user's exports folder.
   */
  async deleteAllOwnedBy(uid: string): Promise<number> {
    const owned = await this.repo.ownedBy(uid);
    for (const record of owned) await this.repo.delete(record.id);
    await this.store.deletePrefix(`users/${uid}/exports/`);
    return owned.length;
  }

  private async discard(record: DataExportRecord): Promise<void> {
    await this.store.delete(record.objectPath);
    await this.repo.delete(record.id);
  }
}

function sameSecret(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
