/** Reading a request body, at most 1 MB (Stripe's own bodies are far smaller). */
import type { IncomingMessage } from 'node:http';
import { readRequestBody } from '../http-helpers.ts';
import { invalidRequest } from './wire.ts';

const MAX_BODY = 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<string> {
  return (await readRequestBody(req, MAX_BODY, () => invalidRequest('Request body too large.'))).toString('utf8');
}
