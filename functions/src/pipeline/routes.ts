import { Router } from 'express';
import { sessionIdBody } from '@charta/contract';
import { callerOf } from '../http/request-context.js';
import { requireVerifiedEmail } from '../http/sign-in-requirements.js';
import { parseInput } from '../http/validate.js';
import type { RouteLimits } from '../limits/route-limits.js';
import type { ProcessService } from './process-service.js';

/** /session/process: run the pipeline again after a failure. */
export function processRoutes(processing: ProcessService, limits: RouteLimits): Router {
  const router = Router();
  // Processing again calls Speech-to-Text and Gemini again.
  router.post('/process', requireVerifiedEmail, limits.modelCall, async (req, res) => {
    const { sessionId } = parseInput(sessionIdBody, req.body);
    res.status(202).json({ session: await processing.requestProcessing(callerOf(req).uid, sessionId) });
  });
  return router;
}
