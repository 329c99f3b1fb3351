import { Router } from 'express';
import { sessionIdBody, shareSessionBody, type SessionSharesResponse, type SharedWithMeResponse } from '@charta/contract';
import { callerOf } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import type { SessionShareService } from './session-share-service.js';

/** /session/share, /unshare, /shares: the owner's side of sharing a session (docs/clinics.md "Sharing a session"). */
export function sessionShareRoutes(shares: SessionShareService): Router {
  const router = Router();
  router.post('/share', async (req, res) => {
    const { sessionId, colleagueUid } = parseInput(shareSessionBody, req.body);
    res.status(201).json({ share: await shares.share(callerOf(req).uid, sessionId, colleagueUid) });
  });
  router.post('/unshare', async (req, res) => {
    const { sessionId, colleagueUid } = parseInput(shareSessionBody, req.body);
    await shares.unshare(callerOf(req).uid, sessionId, colleagueUid);
    res.json({ removed: true });
  });
  router.post('/shares', async (req, res) => {
    const { sessionId } = parseInput(sessionIdBody, req.body);
    res.json({ shares: await shares.sharesOf(callerOf(req).uid, sessionId) } satisfies SessionSharesResponse);
  });
  return router;
}

/** /shared/*: the colleague's side, read-only: what was shared with them, and one shared session. */
export function sharedWithMeRoutes(shares: SessionShareService): Router {
  const router = Router();
  router.get('/sessions', async (req, res) => {
    res.json({ sessions: await shares.sharedWithMe(callerOf(req).uid) } satisfies SharedWithMeResponse);
  });
  router.post('/session', async (req, res) => {
    const { sessionId } = parseInput(sessionIdBody, req.body);
    res.json(await shares.readShared(callerOf(req).uid, sessionId));
  });
  return router;
}
