/** Reading a request body, at most 1 MB (Stripe's own bodies are far smaller). */
import type { IncomingMessage } from 'node:http';
import { invalidRequest } from './wire.ts';

const MAX_BODY = 1024 * 1024;

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (part: Buffer) => {
      size += part.length;
      if (size > MAX_BODY) {
        reject(invalidRequest('Request body too large.'));
        req.destroy();
        return;
      }
      parts.push(part);
    });
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}
