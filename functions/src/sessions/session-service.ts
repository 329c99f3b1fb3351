import { isResourceId, retentionDeletionLabel, type ConsentMethod, type ConsentSettings, type SessionConsent, type SessionsPage } from '@charta/contract';
import type { Transaction } from 'firebase-admin/firestore';
import type { AudioUpload } from '../audio/audio-upload.js';
import type { StoredAudio } from '../audio/playback.js';
import type { UploadRepo } from '../audio/upload-repo.js';
import type { SessionAudioTarget } from '../audio/upload-service.js';
import { conflict, consentRequired, deletedByRetention, invalidArgument, notFound } from '../http/errors.js';
import type { ProfileRepo } from '../profile/profile-repo.js';
import { DEFAULT_LANGUAGE } from '../profile/profile.js';
import type { AudioStore } from '../storage/audio-store.js';
import { matchesAll, planTokenQuery, searchTokens } from '../common/name-search.js';
import { cursorAfter, decodeCursor, encodeCursor, type PageCursor } from '../common/page-cursor.js';
import type { TemplateCatalog } from '../templates/template-catalog.js';
import { acceptsNewAudio, defaultTitle, isBeingProcessed, toContract, type Session, type SessionRecord, type SessionStatus, type SessionTombstone } from './session.js';
import type { SessionLifecycle } from './session-lifecycle.js';
import type { SessionRepo } from './session-repo.js';

export interface NewSession {
  patientName: string;
  templateId: string;
  audio_uri?: string | undefined;
  language?: string | undefined;
  /** The patient agreed to the recording (docs/privacy.md "Consent"): recorded with the session. */
  consent?: ConsentMethod | undefined;
}

/** Who is confirming consent, as their token says (used when their profile has no name). */
export interface ConsentConfirmer {
  name: string | null;
  email: string | null;
}

/**
 * In the deleting transaction, which read `session`: the retention setting (days) under which this part of it
 * is due now, or null if it is not (any more: the clinician lengthened the setting meanwhile). The retention
 * feature decides; sessions only delete.
 */
export type RetentionDue = (tx: Transaction, session: SessionRecord) => Promise<number | null>;

const CONSENT_MISSING =
  "The patient's consent to this recording is not recorded. Record it first (POST /session/consent, or create_session's consent), " +
  "or turn off “Ask for the patient's consent before recording” in Settings.";

export interface SessionChanges {
  patientName?: string | undefined;
  templateId?: string | undefined;
  language?: string | undefined;
  audio_uri?: string | undefined;
}

/**
 * Data a session owns besides its own document (audio, transcript, documentation, events). It runs after
 * the session's document is gone, so nothing can be written for the session any more; it must be
 * idempotent (a retried deletion runs it again).
 */
export interface SessionDataOwner {
  readonly name: string;
  deleteForSession(session: SessionTombstone): Promise<void>;
}

/**
 * Where "audio ready" is announced: in the same transaction that makes the session `uploaded`, so the event
 * exists exactly when the state does. The pipeline owns the outbox; sessions only know this port.
 */
export interface AudioReadyOutbox {
  emitAudioReady(tx: Transaction, event: { sessionId: string; ownerUid: string; uploadId: string; audio_uri: string; createdAt: string }): void;
}

/**
 * A running pipeline read the template and language when it claimed the session: a change now would be
 * accepted and then ignored, so it is refused (409 naming the field) until the run ends. Once its claim
 * has expired, the run that takes the session over reads it afresh, so the change is allowed again.
 */
function requireSettledWhileProcessing(current: SessionRecord, changes: SessionChanges, now: Date): void {
  if (!isBeingProcessed(current, now)) return;
  for (const field of ['templateId', 'language'] as const) {
    const wanted = changes[field];
    if (wanted !== undefined && wanted !== current[field]) {
      throw conflict(`The session is ${current.status}: its ${field} cannot change until that finishes`, field);
    }
  }
}

/** How many candidates a multi-word search reads at most before it stops looking. */
const SEARCH_SCAN_LIMIT = 500;

export class SessionService implements SessionAudioTarget {
  constructor(
    private readonly sessions: SessionRepo,
    private readonly lifecycle: SessionLifecycle,
    private readonly uploads: UploadRepo,
    private readonly profiles: ProfileRepo,
    /** The consent setting in force: the clinician's, or their clinic's where its policy sets it (docs/clinics.md "Policies"). */
    private readonly consentSettings: { consentOf(uid: string, tx?: Transaction): Promise<ConsentSettings> },
    private readonly templates: TemplateCatalog,
    private readonly store: AudioStore,
    private readonly outbox: AudioReadyOutbox,
    private readonly ownedData: readonly SessionDataOwner[],
    private readonly now: () => Date,
  ) {}

  async create(uid: string, input: NewSession, confirmer?: ConsentConfirmer): Promise<Session> {
    await this.requireUsableTemplate(uid, input.templateId);
    const upload = input.audio_uri ? await this.requireCompleteUploadOf(uid, input.audio_uri) : null;
    const consent = input.consent ? await this.consentBy(uid, input.consent, confirmer) : null;
    if (upload && !consent) await this.requireConsentNotNeeded(uid);
    const language = input.language ?? (await this.defaultLanguageOf(uid));
    const id = this.sessions.newId();
    const created = await this.sessions.runTransaction(async (tx) => {
      const freshUpload = upload ? await this.uploads.find(upload.uploadId, tx) : null;
      if (freshUpload?.sessionId) throw conflict('This audio already belongs to another session', 'audio_uri');
      const now = this.now();
      const record = this.lifecycle.created(tx, {
        id,
        ownerUid: uid,
        patientName: input.patientName,
        templateId: input.templateId,
        language,
        title: defaultTitle(input.patientName, now),
        audio_uri: null,
        audioDurationSec: null,
        audioUploadId: null,
        documentationId: null,
        searchPrefixes: searchTokens(input.patientName),
        consent,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      });
      return freshUpload ? this.attach(tx, record, freshUpload) : record;
    });
    return toContract(created);
  }

  async get(uid: string, sessionId: string): Promise<Session> {
    return toContract(await this.requireOwned(uid, sessionId));
  }

  async list(uid: string, opts: { limit: number; cursor?: string | undefined; status?: SessionStatus | undefined }): Promise<SessionsPage> {
    const cursor = opts.cursor ? decodeCursor(opts.cursor) : null;
    if (opts.cursor && !cursor) throw invalidArgument('cursor is not one this API issued', 'cursor');
    const page = await this.sessions.listPage(uid, { limit: opts.limit, cursor, status: opts.status });
    const last = page.items[page.items.length - 1];
    return { sessions: page.items.map(toContract), nextCursor: page.hasMore && last ? encodeCursor(cursorAfter(last, last.createdAt)) : null };
  }

  async searchByPatientName(uid: string, query: string, limit: number): Promise<Session[]> {
    const plan = planTokenQuery(query);
    if (!plan) return [];
    const found: SessionRecord[] = [];
    let cursor: PageCursor | null = null;
    let scanned = 0;
    // The index answers one word, or the two most telling words together (a pair token), so candidates are
    // nearly all matches: read only as many as are still missing (each is billed). When longer words than
    // the token pins down weed candidates out, pages double so a sparse match costs few round trips.
    while (found.length < limit && scanned < SEARCH_SCAN_LIMIT) {
      const pageSize = Math.min(Math.max(limit - found.length, scanned), SEARCH_SCAN_LIMIT - scanned);
      const page = await this.sessions.listPage(uid, { limit: pageSize, cursor, prefix: plan.indexed });
      scanned += page.items.length;
      for (const item of page.items) if (matchesAll(item.searchPrefixes, plan.alsoRequired)) found.push(item);
      const last = page.items[page.items.length - 1];
      if (!page.hasMore || !last) break;
      cursor = cursorAfter(last, last.createdAt);
    }
    return found.slice(0, limit).map(toContract);
  }

  async update(uid: string, sessionId: string, changes: SessionChanges): Promise<Session> {
    if (changes.templateId) await this.requireUsableTemplate(uid, changes.templateId);
    const upload = changes.audio_uri ? await this.requireCompleteUploadOf(uid, changes.audio_uri) : null;
    const updated = await this.sessions.runTransaction(async (tx) => {
      const current = await this.sessions.findOwned(uid, sessionId, tx);
      if (!current) throw notFound('No such session');
      requireSettledWhileProcessing(current, changes, this.now());
      const freshUpload = upload ? await this.uploads.find(upload.uploadId, tx) : null;
      const next: SessionRecord = {
        ...current,
        ...(changes.patientName !== undefined ? { patientName: changes.patientName, searchPrefixes: searchTokens(changes.patientName) } : {}),
        ...(changes.templateId !== undefined ? { templateId: changes.templateId } : {}),
        ...(changes.language !== undefined ? { language: changes.language } : {}),
        updatedAt: this.now().toISOString(),
      };
      if (freshUpload && freshUpload.uploadId !== current.audioUploadId) {
        if (freshUpload.sessionId && freshUpload.sessionId !== sessionId) throw conflict('This audio already belongs to another session', 'audio_uri');
        if (!acceptsNewAudio(current.status)) throw conflict(`The session is ${current.status}; its audio cannot change now`, 'audio_uri');
        if (!current.consent && (await this.consentNeeded(uid, tx))) throw consentRequired(CONSENT_MISSING);
        return this.attach(tx, next, freshUpload);
      }
      this.sessions.save(tx, next);
      return next;
    });
    return toContract(updated);
  }

  async updateTitle(uid: string, sessionId: string, title: string): Promise<Session> {
    const updated = await this.sessions.runTransaction(async (tx) => {
      const current = await this.sessions.findOwned(uid, sessionId, tx);
      if (!current) throw notFound('No such session');
      const next = { ...current, title, updatedAt: this.now().toISOString() };
      this.sessions.save(tx, next);
      return next;
    });
    return toContract(updated);
  }

  /**
   * The patient agreed to this session's recording (POST /session/consent): how, when and who confirmed it
   * are kept with the session. The first record stays (a retry, or a second tab, changes nothing).
   */
  async recordConsent(uid: string, sessionId: string, method: ConsentMethod, confirmer?: ConsentConfirmer): Promise<Session> {
    const consent = await this.consentBy(uid, method, confirmer);
    const updated = await this.sessions.runTransaction(async (tx) => {
      const current = await this.sessions.findOwned(uid, sessionId, tx);
      if (!current) throw notFound('No such session');
      if (current.consent) return current;
      const next = { ...current, consent, updatedAt: this.now().toISOString() };
      this.sessions.save(tx, next);
      return next;
    });
    return toContract(updated);
  }

  /** Deletes the caller's session and everything it owns; 404 for anything else. */
  async delete(uid: string, sessionId: string): Promise<void> {
    if (!(await this.deleteRecord(uid, sessionId))) throw notFound('No such session');
  }

  /** Deletes those of the ids that are the caller's; others are skipped without a sign of existing. */
  async deleteMany(uid: string, sessionIds: readonly string[]): Promise<number> {
    let deleted = 0;
    for (const id of new Set(sessionIds)) if (await this.deleteRecord(uid, id)) deleted++;
    return deleted;
  }

  /** Account deletion: every session of the user, with what each owns, and any deletion left half-way. */
  async deleteAllOwnedBy(uid: string): Promise<number> {
    let deleted = await this.deleteMany(uid, await this.sessions.tombstoneIdsOwnedBy(uid));
    for await (const ids of this.sessions.idsOwnedBy(uid)) deleted += await this.deleteMany(uid, ids);
    return deleted;
  }

  /**
   * Retention: deletes uid's session the way deleting it does (deleteRecord: nothing left behind), if `due`
   * still says so in the deleting transaction. A deletion left half-way is finished whatever `due` says.
   */
  async deleteIfDue(uid: string, sessionId: string, due: RetentionDue): Promise<boolean> {
    return this.deleteRecord(uid, sessionId, async (tx, session) => (await due(tx, session)) !== null);
  }

  /**
   * Attaches a complete upload to a session inside the caller's transaction (which read `session`): the
   * session becomes `uploaded` (with the details the caller changed) and the "audio ready" event is written
   * with it. Called when a session is created with audio, updated with audio, or when an upload for a session
   * completes.
   */
  attach(tx: Transaction, session: SessionRecord, upload: AudioUpload): SessionRecord {
    if (session.audioUploadId === upload.uploadId && session.status !== 'draft') return session;
    if (!upload.audioPath) throw new Error('attach called with an incomplete upload');
    const audioUri = this.store.uriFor(upload.audioPath);
    const next = this.lifecycle.audioAttached(tx, session, { audio_uri: audioUri, audioDurationSec: upload.durationSec, audioUploadId: upload.uploadId });
    this.uploads.save(tx, { ...upload, sessionId: session.id, updatedAt: next.updatedAt });
    this.outbox.emitAudioReady(tx, { sessionId: session.id, ownerUid: session.ownerUid, uploadId: upload.uploadId, audio_uri: audioUri, createdAt: next.updatedAt });
    return next;
  }

  async requireTakesAudio(uid: string, sessionId: string, uploadId: string): Promise<void> {
    const session = await this.requireOwned(uid, sessionId);
    if (session.audioUploadId === uploadId) return;
    if (!acceptsNewAudio(session.status)) throw conflict(`The session is ${session.status}; it takes no new audio`, 'sessionId');
    // Refused before a byte is stored: audio of a patient who was not asked is never kept.
    if (!session.consent && (await this.consentNeeded(uid))) throw consentRequired(CONSENT_MISSING);
  }

  async takesAudioIn(tx: Transaction, uid: string, sessionId: string): Promise<boolean> {
    const session = await this.sessions.findOwned(uid, sessionId, tx);
    return !!session && acceptsNewAudio(session.status);
  }

  async attacherFor(tx: Transaction, uid: string, sessionId: string): Promise<((upload: AudioUpload) => void) | 'session_gone' | null> {
    const session = await this.sessions.findOwned(uid, sessionId, tx);
    if (!session) return 'session_gone';
    if (!acceptsNewAudio(session.status)) return null;
    return (upload) => void this.attach(tx, session, upload);
  }

  /** The session's audio for playback: its store path and type; 404 unless it is the caller's and complete. */
  async audioOf(uid: string, sessionId: string): Promise<StoredAudio> {
    const session = await this.requireOwned(uid, sessionId);
    const deleted = session.deletedByRetention?.audio;
    if (deleted) throw deletedByRetention(`${retentionDeletionLabel('audio', deleted, { now: this.now(), timeZone: 'UTC' })}: it can no longer be played.`);
    const upload = session.audioUploadId ? await this.uploads.find(session.audioUploadId) : null;
    if (!upload || upload.ownerUid !== uid || upload.status !== 'complete' || !upload.audioPath || !upload.format) throw notFound('The session has no audio');
    return { path: upload.audioPath, mime: upload.format.mime, sizeBytes: upload.sizeBytes ?? 0, durationSec: upload.durationSec };
  }

  async requireOwned(uid: string, sessionId: string): Promise<SessionRecord> {
    const session = await this.sessions.findOwned(uid, sessionId);
    if (!session) throw notFound('No such session');
    return session;
  }

  /**
   * Deletes uid's session and what it owns; false if there is no such session (nor one half-deleted).
   * The session's document goes FIRST, in a transaction that leaves a tombstone naming what it owned; then
   * each owner deletes its part; the tombstone goes last. Every write made for a session (pipeline steps,
   * POST /creation, an upload completing) re-reads the session in its own transaction and writes nothing
   * once it is gone, so nothing can be written after its data was deleted. (Deleting the data first left a
   * window in which a pipeline step still found the session and wrote its transcript or documentation.)
   * A deletion stopped half-way finds its tombstone when retried, or when the account is deleted.
   */
  private async deleteRecord(uid: string, sessionId: string, mayDelete?: (tx: Transaction, session: SessionRecord) => Promise<boolean>): Promise<boolean> {
    const tombstone = await this.sessions.runTransaction(async (tx) => {
      const session = await this.sessions.findOwned(uid, sessionId, tx);
      const unfinished = await this.sessions.findTombstone(sessionId, tx);
      if (!session) return unfinished?.ownerUid === uid ? unfinished : null;
      if (mayDelete && !(await mayDelete(tx, session))) return null;
      const marked: SessionTombstone = {
        id: session.id,
        ownerUid: session.ownerUid,
        audioUploadId: session.audioUploadId,
        documentationId: session.documentationId,
        deletedAt: this.now().toISOString(),
      };
      this.sessions.deleteLeavingTombstone(tx, marked);
      return marked;
    });
    if (!tombstone) return false;
    for (const owner of this.ownedData) await owner.deleteForSession(tombstone);
    await this.sessions.deleteTombstone(sessionId);
    return true;
  }

  private async requireUsableTemplate(uid: string, templateId: string): Promise<void> {
    if (!(await this.templates.isUsableBy(uid, templateId))) throw invalidArgument('templateId is not a template you can use', 'templateId');
  }

  /** The upload behind an audio_uri, if it is the caller's and complete; a 400 naming audio_uri otherwise. */
  private async requireCompleteUploadOf(uid: string, audioUri: string): Promise<AudioUpload> {
    const path = this.store.pathFromUri(audioUri);
    const uploadId = path?.match(/^users\/[^/]+\/audio\/([A-Za-z0-9_-]+)\.[a-z0-9]+$/)?.[1];
    // An id Firestore reserves (`__x__`) would fail the read after retries: it is simply not an upload.
    const upload = uploadId && isResourceId(uploadId) ? await this.uploads.find(uploadId) : null;
    // Someone else's upload and one that does not exist get the same answer.
    if (!upload || upload.ownerUid !== uid || upload.audioPath !== path) throw invalidArgument('audio_uri is not audio you uploaded', 'audio_uri');
    if (upload.status !== 'complete') throw conflict('The audio upload is not complete yet', 'audio_uri');
    return upload;
  }

  /**
   * Whether the setting in force for uid asks for consent before recording: their clinic's where its policy sets
   * it, else their own (on for a user without a profile: the default).
   */
  private async consentNeeded(uid: string, tx?: Transaction): Promise<boolean> {
    return (await this.consentSettings.consentOf(uid, tx)).required;
  }

  private async requireConsentNotNeeded(uid: string): Promise<void> {
    if (await this.consentNeeded(uid)) throw consentRequired(CONSENT_MISSING);
  }

  /** Consent confirmed now by uid, under the name their profile shows (else their token's name, else their email). */
  private async consentBy(uid: string, method: ConsentMethod, confirmer?: ConsentConfirmer): Promise<SessionConsent> {
    const profile = await this.profiles.find(null, uid);
    const name = profile?.displayName.trim() || confirmer?.name?.trim() || profile?.email || confirmer?.email || '';
    return { method, confirmedAt: this.now().toISOString(), confirmedByUid: uid, confirmedByName: name };
  }

  private async defaultLanguageOf(uid: string): Promise<string> {
    const profile = await this.profiles.find(null, uid);
    return profile?.defaultLanguage ?? DEFAULT_LANGUAGE;
  }
}
