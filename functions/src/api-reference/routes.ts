import { Router } from 'express';
import type { RouteLimits } from '../limits/route-limits.js';
import { buildOpenApiDocument } from './openapi.js';
import { REFERENCE_PAGE_CSP, renderReferencePage } from './reference-page.js';

/**
 * /openapi.json and /reference: the API's OpenAPI document and the same as a readable page (public: they
 * describe the API, they hold no one's data). Both depend on the code only: built once, on first use.
 */
export function apiReferenceRoutes(limits: RouteLimits): Router {
  const router = Router();
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  let page: string | undefined;
  router.get('/openapi.json', limits.publicByAddress, (_req, res) => {
    document ??= buildOpenApiDocument();
    res.json(document);
  });
  router.get('/reference', limits.publicByAddress, (_req, res) => {
    document ??= buildOpenApiDocument();
    page ??= renderReferencePage(document);
    res.setHeader('Content-Security-Policy', REFERENCE_PAGE_CSP);
    res.type('html').send(page);
  });
  return router;
}
