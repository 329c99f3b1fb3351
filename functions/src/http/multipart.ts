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
  /** Largest file part accepted; one byte more answers 413. */
  maxFileBytes: number;
  maxFieldBytes?: number;
  maxFields?: number;
}

/**
 * Reads a multipart/form-data body with busboy: text fields and at most one file, held in memory
 * (bounded by maxFileBytes, which keeps every request well under the Functions 10-32 MB body caps).
 * On Cloud Functions the runtime has already read the body into `rawBody`; elsewhere it is streamed.
 */
export function readMultipart(req: Request, limits: MultipartLimits): Promise<MultipartForm> {
  if (!req.is('multipart/form-data')) {
    return Promise.reject(unsupportedMediaType('Send this request as multipart/form-data'));
  }
  const declared = Number(req.get('content-length') ?? 0);
  if (declared > limits.maxFileBytes + 64 * 1024) {
    return Promise.reject(payloadTooLarge(`A request may carry at most ${Math.floor(limits.maxFileBytes / (1024 * 1024))} MB; send longer audio in chunks`));
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
        limits: { fileSize: limits.maxFileBytes, files: 1, fields: limits.maxFields ?? 20, fieldSize: limits.maxFieldBytes ?? 16 * 1024, parts: 30 },
      });
    } catch {
      fail(invalidArgument('Malformed multipart/form-data request'));
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
      const parts: Buffer[] = [];
      pending.push(
        new Promise<void>((done) => {
          stream.on('data', (part: Buffer) => parts.push(part));
          stream.on('limit', () => fail(payloadTooLarge(`A request may carry at most ${Math.floor(limits.maxFileBytes / (1024 * 1024))} MB; send longer audio in chunks`)));
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
    parser.on('error', () => fail(invalidArgument('Malformed multipart/form-data request')));
    parser.on('close', () => {
      void Promise.all(pending).then(() => {
        if (settled) return;
        settled = true;
        resolve({ fields, file });
      });
    });

    if (req.rawBody) parser.end(req.rawBody);
    else req.pipe(parser);
  });
}
