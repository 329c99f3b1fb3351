import busboy from 'busboy';
import type { Request } from 'express';
import { invalidArgument, payloadTooLarge, unsupportedMediaType } from './errors.js';
import { echoedName } from './validate.js';

export interface MultipartFile {
  fieldName: string;
  filename: string;
  data: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  file: MultipartFile | null;
}

export interface MultipartLimits {
  /** Largest file part accepted; one byte more answers 413. 0: the route takes no file (a file part is a 400). */
  maxFileBytes: number;
  maxFieldBytes?: number;
  maxFields?: number;
}

/** What a client hears when its body stops before the closing boundary, or is not multipart at all. */
const MALFORMED = 'The multipart/form-data body is malformed or incomplete (it must end with its closing boundary)';

/**
 * Reads a multipart/form-data body with busboy: text fields and at most one file, held in memory
 * (bounded by maxFileBytes, which keeps every request well under the Functions 10-32 MB body caps).
 * On Cloud Functions the runtime has already read the body into `rawBody`; elsewhere it is streamed.
 *
 * Every stream involved has an 'error' listener: busboy reports a body cut short on the file's own stream
 * too, and an 'error' event nobody listens to is thrown by Node, which ends the whole process (every
 * request on that instance with it).
 */
export function readMultipart(req: Request, limits: MultipartLimits): Promise<MultipartForm> {
  if (!req.is('multipart/form-data')) {
    return Promise.reject(unsupportedMediaType('Send this request as multipart/form-data'));
  }
  const tooLarge = () => payloadTooLarge(`A request may carry at most ${megabytes(limits.maxFileBytes)} of audio; send longer audio in chunks`);
  const declared = Number(req.get('content-length') ?? 0);
  if (declared > limits.maxFileBytes + 64 * 1024) {
    return Promise.reject(limits.maxFileBytes === 0 ? payloadTooLarge('This request takes form fields only, and they are too large') : tooLarge());
  }

  return new Promise<MultipartForm>((resolve, reject) => {
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      reject(err);
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // Field names and file names as UTF-8 (busboy's default is Latin-1, which garbles any other script).
        defParamCharset: 'utf8',
        limits: { fileSize: limits.maxFileBytes, files: 1, fields: limits.maxFields ?? 20, fieldSize: limits.maxFieldBytes ?? 16 * 1024, parts: 30 },
      });
    } catch {
      fail(invalidArgument(MALFORMED));
      return;
    }
    const fields: Record<string, string> = {};
    let file: MultipartFile | null = null;
    const pending: Promise<void>[] = [];

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(invalidArgument(`${echoedName(name)} is too long`, echoedName(name)));
      fields[name] = value;
    });
    parser.on('file', (fieldName, stream, info) => {
      // Listened to first, whatever else happens to this part: see above.
      stream.on('error', () => fail(invalidArgument(MALFORMED)));
      if (limits.maxFileBytes === 0) {
        fail(invalidArgument('This request takes no file: send its form fields only', echoedName(fieldName)));
        stream.resume();
        return;
      }
      const parts: Buffer[] = [];
      pending.push(
        new Promise<void>((done) => {
          stream.on('data', (part: Buffer) => parts.push(part));
          stream.on('limit', () => fail(tooLarge()));
          stream.on('close', () => {
            file = { fieldName, filename: info.filename ?? '', data: Buffer.concat(parts) };
            done();
          });
        }),
      );
    });
    parser.on('filesLimit', () => fail(invalidArgument('Send one file per request', 'file')));
    parser.on('fieldsLimit', () => fail(invalidArgument('Too many form fields')));
    parser.on('partsLimit', () => fail(invalidArgument('Too many form parts')));
    parser.on('error', () => fail(invalidArgument(MALFORMED)));
    parser.on('close', () => {
      void Promise.all(pending).then(() => {
        if (settled) return;
        settled = true;
        resolve({ fields, file });
      });
    });

    if (req.rawBody) {
      parser.end(req.rawBody);
    } else {
      // A client that goes away mid-body: the request stream errors or closes early; neither is piped on.
      req.on('error', () => fail(invalidArgument(MALFORMED)));
      req.pipe(parser);
    }
  });
}

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
