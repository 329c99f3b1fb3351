import express, { type RequestHandler } from 'express';
import { payloadTooLarge, unsupportedMediaType } from './errors.js';

/**
 * JSON bodies with one size limit, wherever the app runs. Locally (supertest) express.json parses and
 * enforces the limit. On Cloud Functions and the Functions emulator the runtime has already parsed the
 * body (up to 10-32 MB) and kept `rawBody`; express.json then steps aside, so the limit is checked here.
 * A body of another type is refused with 415 unless the route reads it itself (multipart uploads,
 * webhooks), which those routes declare through `ownBodyTypes`.
 */
export function jsonBody(limitBytes: number, ownBodyTypes: readonly string[] = ['multipart/form-data']): RequestHandler[] {
  const parseJson = express.json({ limit: limitBytes, strict: true });
  const guard: RequestHandler = (req, _res, next) => {
    if (req.rawBody && req.rawBody.length > limitBytes && req.is('application/json')) {
      throw payloadTooLarge(`Request body is over the ${Math.round(limitBytes / 1024)} KB limit`);
    }
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (hasBody && !req.is('application/json') && !ownBodyTypes.some((type) => req.is(type))) {
      throw unsupportedMediaType('Send the request body as application/json');
    }
    next();
  };
  return [guard, parseJson];
}
