import type { Documentation, Session, SessionShare, SharedBy, SharedSessionResponse, SharedSessionSummary, Transcript } from '@charta/contract';
import { ApiError, invalidArgument, notFound } from '../http/errors.js';
import { authorNameOf, type AuthorNames } from '../templates/author-name.js';
import type { SessionShareRecord } from './session-share.js';
import type { SessionShareRepo } from './session-share-repo.js';

/**
 * What a shared session is read through: the owner's own reads, called as the owner once the share is
 * checked, so a colleague sees exactly what the owner's session page shows and nothing else can be done to it.
 * `session` answers 404 for a session that is gone; the other two answer null where there is nothing yet.
 */
export interface SharedSessionReads {
  session(ownerUid: string, sessionId: string): Promise<Session>;
  transcript(ownerUid: string, sessionId: string): Promise<Transcript | null>;
  documentation(ownerUid: string, sessionId: string): Promise<Documentation | null>;
}

/** The caller's clinic, read on every request (a member removed a moment ago is in none). */
export interface ClinicMemberships {
  membershipOf(uid: string): Promise<{ clinicId: string } | null>;
}

/** The same answer as for any session that is not the caller's: a share that is not there says no more. */
const NO_SUCH_SESSION = 'No such session';
const NO_SUCH_COLLEAGUE = 'No colleague with that id in your clinic';

/**
 * Sharing one session with a colleague (docs/clinics.md "Sharing a session"): the owner shares and stops
 * sharing; the colleague lists and reads, never changes. A share counts only while owner and colleague are
 * both in the clinic it was made in, checked on every read, so leaving or being removed ends it at once (and
 * the clinic deletes the records then: `endForMember`).
 */
export class SessionShareService {
  constructor(
    private readonly repo: SessionShareRepo,
    private readonly reads: SharedSessionReads,
    private readonly clinics: ClinicMemberships,
    private readonly names: AuthorNames,
    private readonly now: () => Date,
  ) {}

  async share(ownerUid: string, sessionId: string, colleagueUid: string): Promise<SessionShare> {
    await this.reads.session(ownerUid, sessionId);
    if (colleagueUid === ownerUid) throw invalidArgument('This session is yours: share it with a colleague', 'colleagueUid');
    const clinicId = await this.sharedClinic(ownerUid, colleagueUid);
    if (!clinicId) throw notFound(NO_SUCH_COLLEAGUE);
    const record: SessionShareRecord = { sessionId, ownerUid, colleagueUid, clinicId, sharedAt: this.now().toISOString() };
    await this.repo.put(record);
    return this.toShare(record);
  }

  /** Stops sharing (a retry, or a share that was never made, answers the same). */
  async unshare(ownerUid: string, sessionId: string, colleagueUid: string): Promise<void> {
    await this.reads.session(ownerUid, sessionId);
    await this.repo.remove(sessionId, colleagueUid);
  }

  /** Whom the owner's session is shared with, while they are still colleagues. */
  async sharesOf(ownerUid: string, sessionId: string): Promise<SessionShare[]> {
    await this.reads.session(ownerUid, sessionId);
    const mine = await this.clinics.membershipOf(ownerUid);
    const shares = (await this.repo.ofSession(sessionId)).filter((s) => s.ownerUid === ownerUid && s.clinicId === mine?.clinicId);
    const live = [];
    for (const share of shares) if ((await this.clinics.membershipOf(share.colleagueUid))?.clinicId === share.clinicId) live.push(share);
    return Promise.all(live.sort(newestFirst).map((s) => this.toShare(s)));
  }

  /** The sessions colleagues shared with the caller and still share: both in the clinic, the session still there. */
  async sharedWithMe(uid: string): Promise<SharedSessionSummary[]> {
    const me = await this.clinics.membershipOf(uid);
    if (!me) return [];
    const owners = new Map<string, boolean>();
    const summaries: SharedSessionSummary[] = [];
    for (const share of (await this.repo.toColleague(uid)).filter((s) => s.clinicId === me.clinicId).sort(newestFirst)) {
      if (!owners.has(share.ownerUid)) owners.set(share.ownerUid, (await this.clinics.membershipOf(share.ownerUid))?.clinicId === me.clinicId);
      if (!owners.get(share.ownerUid)) continue;
      const session = await this.reads.session(share.ownerUid, share.sessionId).catch(skipIfGone);
      if (!session) continue;
      summaries.push({ sessionId: session.id, patientName: session.patientName, title: session.title, createdAt: session.createdAt, sharedBy: await this.sharedBy(share.ownerUid), sharedAt: share.sharedAt });
    }
    return summaries;
  }

  /** One shared session to read: 404 unless it is shared with the caller now, exactly as a session not theirs. */
  async readShared(uid: string, sessionId: string): Promise<SharedSessionResponse> {
    const share = await this.repo.findShare(sessionId, uid);
    if (!share || (await this.sharedClinic(share.ownerUid, uid)) !== share.clinicId) throw notFound(NO_SUCH_SESSION);
    const session = await this.reads.session(share.ownerUid, sessionId);
    const [transcript, documentation, sharedBy] = await Promise.all([
      this.reads.transcript(share.ownerUid, sessionId),
      this.reads.documentation(share.ownerUid, sessionId),
      this.sharedBy(share.ownerUid),
    ]);
    return { session, transcript, documentation, sharedBy, sharedAt: share.sharedAt };
  }

  /** The clinic a member left or was removed from (or, with no uid, that was deleted): its shares go. */
  async endForMember(clinicId: string, uid: string | null): Promise<number> {
    if (uid === null) return this.repo.deleteWhere('clinicId', clinicId);
    return (await this.repo.deleteWhere('ownerUid', uid, clinicId)) + (await this.repo.deleteWhere('colleagueUid', uid, clinicId));
  }

  /** Session deletion: its shares go with it. */
  deleteForSession(sessionId: string): Promise<number> {
    return this.repo.deleteWhere('sessionId', sessionId);
  }

  /** Account deletion: the shares the user made (the sweep would find those) and the ones made with them. */
  async deleteAllOwnedBy(uid: string): Promise<number> {
    return (await this.repo.deleteWhere('ownerUid', uid)) + (await this.repo.deleteWhere('colleagueUid', uid));
  }

  private async sharedClinic(a: string, b: string): Promise<string | null> {
    const [first, second] = await Promise.all([this.clinics.membershipOf(a), this.clinics.membershipOf(b)]);
    return first && second && first.clinicId === second.clinicId ? first.clinicId : null;
  }

  private async sharedBy(uid: string): Promise<SharedBy> {
    return { uid, displayName: await authorNameOf(this.names, uid, null) };
  }

  private async toShare(record: SessionShareRecord): Promise<SessionShare> {
    return { sessionId: record.sessionId, colleagueUid: record.colleagueUid, colleagueName: await authorNameOf(this.names, record.colleagueUid, null), sharedAt: record.sharedAt };
  }
}

const newestFirst = (a: SessionShareRecord, b: SessionShareRecord) => b.sharedAt.localeCompare(a.sharedAt);

/** A shared session deleted since: left out of the list, not an error. */
function skipIfGone(error: unknown): null {
  if (error instanceof ApiError && error.code === 'not_found') return null;
  throw error;
}

/**
 * For the transcript and note reads: a part not there yet (409, "not transcribed yet") or deleted under the
 * owner's retention settings is shown as absent to the colleague; anything else is an error.
 */
export function nothingYet(error: unknown): null {
  if (error instanceof ApiError && (error.code === 'conflict' || error.code === 'deleted_by_retention')) return null;
  throw error;
}
