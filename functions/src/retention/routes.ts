import { Router } from 'express';
import { retentionImpactBody } from '@charta/contract';
import { callerOf } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import type { RetentionService } from './retention-service.js';

/**
 * /profile/retention/impact (docs/privacy.md "Retention"): how many sessions a shorter setting would delete from, so
 * Settings can say so before saving. Changing the setting itself is PUT /profile/retention (profile/routes.ts).
 */
export function retentionRoutes(retention: RetentionService): Router {
  const router = Router();
  router.post('/retention/impact', async (req, res) => {
    const proposed = parseInput(retentionImpactBody, req.body);
    res.json({ impact: await retention.impact(callerOf(req).uid, proposed) });
  });
  return router;
}
