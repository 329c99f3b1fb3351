import { magicFillBody } from '@charta/contract';
import { Router } from 'express';
import { callerOf } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import type { RouteLimits } from '../limits/route-limits.js';
import type { MagicFillService } from './magic-fill-service.js';

/** /magic_fill/*: the documentation put into an EHR page's own fields (the browser extension calls it per frame). */
export function magicFillRoutes(magicFill: MagicFillService, limits: RouteLimits): Router {
  const router = Router();
  router.post('/fill_html2', limits.modelCall, async (req, res) => {
    const { documentationId, html } = parseInput(magicFillBody, req.body);
    res.json(await magicFill.fillHtml(callerOf(req).uid, documentationId, html));
  });
  return router;
}
