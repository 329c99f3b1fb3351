import { Router } from 'express';
import { liveTranscriptBody } from '@charta/contract';
import { callerOf } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import type { RouteLimits } from '../limits/route-limits.js';
import type { LiveTranscriptService } from './live-transcript-service.js';

/** /session/live_transcript: a recording's transcript so far (our extension; docs/api.md "Transcripts"). */
export function liveTranscriptRoutes(live: LiveTranscriptService, limits: RouteLimits): Router {
  const router = Router();
  // Polled while recording: limited per user, and each answer reads only the windows after `fromSec`.
  router.post('/live_transcript', limits.liveTranscript, async (req, res) => {
    const { sessionId, fromSec } = parseInput(liveTranscriptBody, req.body);
    res.json(await live.of(callerOf(req).uid, sessionId, fromSec ?? 0));
  });
  return router;
}
