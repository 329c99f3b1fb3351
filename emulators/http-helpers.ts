/** Request-body reading shared by the emulators' HTTP servers (the AI emulator and the Stripe emulator). */
import type { IncomingMessage } from 'node:http';

/**
 * The whole body, refused (the request dropped) once it passes maxBytes: the error is the emulator's own,
 * in the wire format of the service it stands in for.
 */
export function readRequestBody(req: IncomingMessage, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (part: Buffer) => {
      size += part.length;
      if (size > maxBytes) {
        reject(tooLarge());
        req.destroy();
        return;
      }
      parts.push(part);
    });
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });
}
