import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../logging/logger.js';
import { errorHandler } from './error-handler.js';

/** An app whose one route fails with `error`, behind the API's error handler. */
function failingWith(error: unknown) {
  const logger = memoryLogger();
  const app = express();
  app.get('/fails', () => {
    throw error;
  });
  app.use(errorHandler(logger));
  return { app, logger };
}

const grpcError = (code: number, message: string) => Object.assign(new Error(message), { code });

describe('errorHandler', () => {
  it('answers 503 with Retry-After for a failure that passes (a transaction Firestore gave up on, a deadline), logged with its code only', async () => {
    for (const error of [grpcError(10, '10 ABORTED: Transaction lock timeout'), grpcError(4, '4 DEADLINE_EXCEEDED: Deadline exceeded'), grpcError(3, '3 INVALID_ARGUMENT: The referenced transaction has expired or is no longer valid.')]) {
      const { app, logger } = failingWith(error);
      const res = await request(app).get('/fails').expect(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.body).toEqual({ error: { code: 'unavailable', message: expect.stringMatching(/^Charta is busy; try again in a moment\./) } });
      expect(logger.entries).toEqual([expect.objectContaining({ level: 'error', fields: expect.objectContaining({ errorCode: String(error.code) }) })]);
      expect(JSON.stringify(logger.entries)).not.toContain(error.message);
    }
  });

  it('answers 500 for anything else, with no Retry-After', async () => {
    for (const error of [new Error('Patient Ana Ruiz broke it'), grpcError(3, '3 INVALID_ARGUMENT: Value for argument "data" is not a valid Firestore document'), grpcError(7, '7 PERMISSION_DENIED')]) {
      const res = await request(failingWith(error).app).get('/fails').expect(500);
      expect(res.headers['retry-after']).toBeUndefined();
      expect(res.body.error.code).toBe('internal');
    }
  });
});
