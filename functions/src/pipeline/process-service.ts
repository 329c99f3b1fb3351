import type { CollectionReference } from 'firebase-admin/firestore';
import { conflict, notFound } from '../http/errors.js';
import type { SessionLifecycle } from '../sessions/session-lifecycle.js';
import type { SessionRepo } from '../sessions/session-repo.js';
import { isBeingProcessed, toContract, type Session } from '../sessions/session.js';
import { PLAN_LIMIT_SESSION_ERROR_CODE } from '@charta/contract';
import { planLimitReached, UNLIMITED_DOCUMENTATION, type DocumentationQuota } from '../documentation/documentation-quota.js';
import { emitProcessRequest } from './audio-ready-event.js';

/** POST /session/process: start processing again after a failure; a no-op while it runs or once it is done. */
export class ProcessService {
  constructor(
    private readonly events: CollectionReference,
    private readonly sessions: SessionRepo,
    private readonly lifecycle: SessionLifecycle,
    private readonly now: () => Date,
    private readonly quota: DocumentationQuota = UNLIMITED_DOCUMENTATION,
  ) {}

  async requestProcessing(uid: string, sessionId: string): Promise<Session> {
    // A session held by the plan's limit would only stop again: say so now (403), and keep it as it is.
    const held = await this.sessions.findOwned(uid, sessionId);
    if (held?.status === 'failed' && held.error?.code === PLAN_LIMIT_SESSION_ERROR_CODE) {
      const refusal = await this.quota.refusalFor(uid);
      if (refusal) throw planLimitReached(refusal);
    }
    const session = await this.sessions.runTransaction(async (tx) => {
      const current = await this.sessions.findOwned(uid, sessionId, tx);
      if (!current) throw notFound('No such session');
      if (current.status === 'draft') throw conflict('The session has no audio yet: record or upload it first', 'sessionId');
      const now = this.now();
      if (isBeingProcessed(current, now) || current.status === 'ready') return current;
      const restarted = this.lifecycle.retryRequested(tx, current);
      emitProcessRequest(this.events, tx, { sessionId, ownerUid: uid, createdAt: now.toISOString() });
      return restarted;
    });
    return toContract(session);
  }
}
