import helmet from 'helmet';
import type { RequestHandler } from 'express';

/** Strict headers on every API response. The API serves JSON only, so nothing may be framed or executed. */
export function securityHeaders(): RequestHandler[] {
  return [
    helmet({
      // JSON responses never load anything; a CSP of 'none' makes an injected response inert.
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      // Responses carry PHI and are per-user: no shared cache may keep them.
      crossOriginResourcePolicy: { policy: 'same-origin' },
      strictTransportSecurity: { maxAge: 63072000, includeSubDomains: true },
    }),
    (_req, res, next) => {
      // PHI must not be stored by browsers or proxies.
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Pragma', 'no-cache');
      next();
    },
  ];
}
