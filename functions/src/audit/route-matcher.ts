/**
 * Finds which of a table's routes ("POST /session/delete", "GET /session/audio/:sessionId") a request is for,
 * the way Express's router matches them by default: literal segments without regard to case, `:name`
 * segments taking one non-empty segment, a trailing slash allowed. Only those two kinds of segment are
 * understood, and a pattern with anything else is refused when the matcher is built, so the table cannot
 * hold a route this would match differently from Express. (The audit middleware runs before the routers, so
 * it cannot ask Express which route matched; after an error Express no longer says which one did.)
 */

export interface RouteMatch<T> {
  key: string;
  value: T;
  /** The `:name` segments, percent-decoded (a segment that does not decode is left out). */
  params: Record<string, string>;
}

interface CompiledRoute<T> {
  key: string;
  value: T;
  method: string;
  segments: ({ literal: string } | { param: string })[];
}

const SEGMENT = /^(?::([A-Za-z_][A-Za-z0-9_]*)|[A-Za-z0-9._~-]+)$/;

function compile<T>(key: string, value: T): CompiledRoute<T> {
  const match = /^(GET|POST|PUT|PATCH|DELETE) (\/.*)$/.exec(key);
  if (!match?.[1] || match[2] === undefined) throw new Error(`Route key "${key}" must be "METHOD /path"`);
  const parts = match[2].split('/').slice(1);
  const segments = parts.map((part) => {
    const segment = SEGMENT.exec(part);
    if (!segment) throw new Error(`Route key "${key}": segment "${part}" is neither a literal nor a :name parameter`);
    return segment[1] ? { param: segment[1] } : { literal: part.toLowerCase() };
  });
  return { key, value, method: match[1], segments };
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export function routeMatcher<T>(table: Readonly<Record<string, T>>) {
  const routes = Object.entries(table).map(([key, value]) => compile(key, value));
  return {
    match(method: string, path: string): RouteMatch<T> | undefined {
      // Express answers HEAD with a GET route.
      const asked = method === 'HEAD' ? 'GET' : method;
      const parts = path.replace(/\/$/, '').split('/').slice(1);
      for (const route of routes) {
        if (route.method !== asked || route.segments.length !== parts.length) continue;
        const params: Record<string, string> = {};
        const matches = route.segments.every((segment, i) => {
          const part = parts[i] ?? '';
          if ('literal' in segment) return part.toLowerCase() === segment.literal;
          if (part === '') return false;
          const value = decoded(part);
          if (value !== undefined) params[segment.param] = value;
          return true;
        });
        if (matches) return { key: route.key, value: route.value, params };
      }
      return undefined;
    },
  };
}
