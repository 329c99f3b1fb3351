import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { CallerIdentity } from '../identity/identity-provider.js';
import { logCode, logId, type LogId, type Logger } from '../logging/logger.js';
import { logRequestCompleted } from '../logging/log-events.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set on every request; echoed as X-Request-Id and carried by every log line (an id we made or checked). */
      requestId: LogId;
      /** Set by `authenticate` on routes that need a signed-in user. */
      caller?: CallerIdentity;
      /** The unparsed body, provided by the Cloud Functions runtime (already parsed there). */
      rawBody?: Buffer;
    }
  }
}

// A caller-supplied id is kept only if it is short and plain, so it cannot smuggle data into our logs.
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Gives every request an id (X-Request-Id in and out) and logs its outcome with ids only. */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    req.requestId = logId(incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID());
    res.setHeader('X-Request-Id', req.requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      logRequestCompleted(logger, {
        requestId: req.requestId,
        method: logCode(req.method),
        // The route pattern (not the concrete path) keeps resource ids out of aggregated metrics.
        route: logCode(req.route ? `${req.baseUrl}${String((req.route as { path: unknown }).path)}` : 'unmatched'),
        status: res.statusCode,
        durationMs: Number((process.hrtime.bigint() - started) / 1_000_000n),
        uid: req.caller ? logId(req.caller.uid) : undefined,
      });
    });
    next();
  };
}

/** The signed-in caller; only valid behind `authenticate`. */
export function callerOf(req: Express.Request): CallerIdentity {
  if (!req.caller) throw new Error('callerOf used on a route without authenticate');
  return req.caller;
}
