import { Router } from 'express';
import type { RouteLimits } from '../limits/route-limits.js';
import { buildOpenApiDocument } from './openapi.js';

/** /openapi.json: the API's OpenAPI document (public: it describes the API, it holds no one's data). */
export function apiReferenceRoutes(limits: RouteLimits): Router {
  const router = Router();
  // Built once, on the first request: it depends on the code only.
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  router.get('/openapi.json', limits.publicByAddress, (_req, res) => {
    document ??= buildOpenApiDocument();
    res.json(document);
  });
  return router;
}
