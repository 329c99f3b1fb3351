import type { Express } from 'express';

/** A route as the app's router serves it: `POST` and `/api/v1/session/delete`. */
export interface AppRoute {
  method: string;
  path: string;
}

/** What this reads of Express 5's router layers (the `router` package). */
interface RouterLayer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean | undefined> };
  handle?: { stack?: RouterLayer[] };
}

function routesIn(stack: readonly RouterLayer[], prefix: string): AppRoute[] {
  return stack.flatMap((layer): AppRoute[] => {
    const path = typeof layer.rawPath === 'string' ? layer.rawPath : '';
    if (layer.route) {
      const full = `${prefix}${String(layer.route.path)}`.replace(/\/$/, '') || '/';
      return Object.entries(layer.route.methods)
        .filter(([method, on]) => on && method !== '_all')
        .map(([method]) => ({ method: method.toUpperCase(), path: full }));
    }
    const nested = layer.handle?.stack;
    return nested ? routesIn(nested, `${prefix}${path === '/' ? '' : path}`) : [];
  });
}

/**
 * Every route the app serves, read from its own router (each once, though several routers may serve one
 * prefix), so a test over all routes covers a new one without anyone listing it.
 */
export function appRoutes(express: Express): AppRoute[] {
  const router = (express as unknown as { router?: { stack?: RouterLayer[] } }).router;
  if (!router?.stack) throw new Error('Cannot read the routes of this Express version: update routesIn()');
  const seen = new Set<string>();
  return routesIn(router.stack, '').filter((route) => {
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
