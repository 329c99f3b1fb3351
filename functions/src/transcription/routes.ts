import { Router } from 'express';
import { sessionIdBody } from '@charta/contract';
import { callerOf } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import type { LiveTranscriptService } from './live-transcript-service.js';

/** /session/live_transcript: a recording's transcript so far (our extension: the contract is silent on it). */
export function liveTranscriptRoutes(live: LiveTranscriptService): Router {
  const router = Router();
  // A read of what is stored: no model is called, so it is not a model call's limit.
  router.post('/live_transcript', async (req, res) => {
    const { sessionId } = parseInput(sessionIdBody, req.body);
    res.json(await live.of(callerOf(req).uid, sessionId));
  });
  return router;
}
