import type { ErrorRequestHandler, RequestHandler } from 'express';
import { logCode, type Logger } from '../logging/logger.js';
import { logUnexpectedError } from '../logging/log-events.js';
import { ApiError, invalidArgument, notFound, payloadTooLarge, unsupportedMediaType } from './errors.js';

/** Unknown routes answer 404 in the contract's shape (never Express's HTML page). */
export const unknownRoute: RequestHandler = (req) => {
  throw notFound(`No such route: ${req.method} ${req.baseUrl}${req.path}`);
};

/** body-parser reports its failures with a `type`; each becomes the contract error a client can act on. */
function fromBodyParser(err: { type?: unknown; status?: unknown }): ApiError | undefined {
  switch (err.type) {
    case 'entity.parse.failed':
      return invalidArgument('Request body is not valid JSON');
    case 'entity.too.large':
      return payloadTooLarge('Request body is too large');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return unsupportedMediaType('Unsupported body encoding or charset');
    case 'request.aborted':
    case 'request.size.invalid':
      return invalidArgument('Request body was incomplete');
    default:
      return undefined;
  }
}

/**
 * The one error handler: everything leaves in `{ error: { code, message, field? } }`. Unexpected errors
 * answer 500 with no internals, and are logged with the request id, the error's name and code and its stack
 * frames; not its message, which could quote patient data.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    let apiError = err instanceof ApiError ? err : undefined;
    if (!apiError && typeof err === 'object' && err !== null) apiError = fromBodyParser(err);
    // Express's router cannot decode a path parameter that is not percent-encoded UTF-8 (`%ED%A0%80`, half
    // a surrogate pair): a client's mistake, not ours.
    if (!apiError && err instanceof URIError) apiError = invalidArgument('The URL path is not valid percent-encoded UTF-8');
    if (!apiError) {
      const e = err instanceof Error ? err : new Error('non-error thrown');
      logUnexpectedError(logger, {
        requestId: req.requestId,
        errorName: logCode(e.name),
        errorCode: 'code' in e ? logCode(String((e as { code: unknown }).code)) : undefined,
        // The stack's frames only: its first line is the message, which could quote patient data.
        stack: e.stack ? logCode(e.stack.split('\n').slice(1).join('\n')) : undefined,
      });
      apiError = new ApiError('internal', `Something went wrong on our side. Quote request id ${req.requestId} if it persists.`);
    }
    res.status(apiError.status).type('application/json').json(apiError.toBody());
  };
}
