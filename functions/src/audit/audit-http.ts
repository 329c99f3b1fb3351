import { AUDIT_CLIENT_HEADER, type AuditAction } from '@charta/contract';
import type { Request, RequestHandler, Response } from 'express';
import { callerOf } from '../http/request-context.js';
import { clientOf, outcomeOf, type AuditEvent, type AuditRequestContext } from './audit-entry.js';
import type { AuditTrail } from './audit-trail.js';
import { ROUTE_AUDIT, type AuditedRequest, type AuditNote, type RouteAudit } from './route-audit.js';
import { routeMatcher } from './route-matcher.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** What a route told the audit trail that the middleware cannot see (noteForAudit). */
      auditNote?: AuditNote;
    }
  }
}

/** For a route whose request the trail cannot read by itself: a multipart body's session, a public route's account. */
export function noteForAudit(req: Request, note: AuditNote): void {
  req.auditNote = { ...req.auditNote, ...note };
}

/** What every entry of a request shares: its id, the client it says it is, and its address (hashed when stored). */
export function auditContextOf(req: Request): AuditRequestContext {
  return { requestId: req.requestId, client: clientOf(req.get(AUDIT_CLIENT_HEADER)), address: req.ip };
}

/**
 * Answers that record nothing: 401 (nobody is known to have acted) and 429 (a limit refused the request
 * before it did anything; recording each would let a script write the trail as fast as it can send).
 */
const UNRECORDED_STATUSES = new Set([401, 429]);

/** The entries a request makes, by its route's row (empty for rows that record nothing). */
function eventsOf(row: RouteAudit, request: AuditedRequest, actorUid: string | undefined, status: number): AuditEvent[] {
  if (row.kind !== 'audited' || !actorUid || UNRECORDED_STATUSES.has(status)) return [];
  const actions: readonly AuditAction[] = row.actions(request);
  const resources = row.resources(request);
  return actions.flatMap((action) => resources.map((resource) => ({ actorUid, action, outcome: outcomeOf(status), status, resource, observedBy: row.observedBy })));
}

/**
 * Records every audited request's entries before its answer completes, with its outcome. App-level, ahead of
 * the routers: it looks the request's route up in ROUTE_AUDIT itself (after an error Express no longer says
 * which route matched). The answer's last byte waits for the write (`res.end` is held until it is stored):
 * Cloud Functions may stop an instance's CPU once a response is complete, so an entry written after the
 * answer could be lost. Headers and a streamed body (audio) go out as usual; only the end waits, one write.
 */
export function auditTrailMiddleware(trail: AuditTrail, table: Readonly<Record<string, RouteAudit>> = ROUTE_AUDIT): RequestHandler {
  const routes = routeMatcher(table);
  return (req, res, next) => {
    const match = routes.match(req.method, req.path);
    if (!match || match.value.kind !== 'audited') {
      next();
      return;
    }
    const row = match.value;
    let sent: unknown;
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      sent = body;
      return json(body);
    };

    let recording: Promise<void> | undefined;
    const record = (): Promise<void> => {
      recording ??= (async () => {
        const request: AuditedRequest = { params: match.params, body: req.body, sent, noted: req.auditNote ?? {} };
        const actorUid = row.actor === 'caller' ? req.caller?.uid : req.auditNote?.actorUid;
        const events = eventsOf(row, request, actorUid, res.statusCode);
        await trail.record(events, auditContextOf(req), { coalesce: row.coalesce });
      })().catch(() => undefined);
      return recording;
    };

    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((...args: unknown[]) => {
      void record().then(() => end(...args));
      return res;
    }) as Response['end'];
    // A client that goes away mid-answer (an audio stream cut off) never gets an end: record what it got.
    res.on('close', () => void record());
    next();
  };
}

/** After `authenticate`: a new sign-in (a new auth_time for a uid) is recorded with its first request. */
export function recordSignIns(trail: AuditTrail): RequestHandler {
  return async (req, _res, next) => {
    await trail.noticeSignIn(callerOf(req), auditContextOf(req));
    next();
  };
}
