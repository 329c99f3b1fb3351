// Uploads an audio file the clinician picked: in parts of at most 7 MB (one request's limit is 8 MB), one
// upload id, the last part final, through the same queue as recordings (so the same retries and offline
// handling), reporting bytes as they leave the browser.
import { MAX_PART_BYTES, type AudioPart, type UploadReceipt, type UploadOptions } from '../api/upload-audio';
import { classifyUploadError } from './upload-errors';
import { createUploadQueue, type QueueState, type UploadQueueDeps } from './upload-queue';

export interface PartPlan {
  index: number;
  start: number;
  end: number;
}

/** Byte ranges of the parts: as few as the limit allows, in order, covering the file exactly. */
export function planParts(size: number, maxPartBytes = MAX_PART_BYTES): PartPlan[] {
  const count = Math.max(1, Math.ceil(size / maxPartBytes));
  return Array.from({ length: count }, (_, index) => ({ index, start: index * maxPartBytes, end: Math.min(size, (index + 1) * maxPartBytes) }));
}

export interface FileUploadProgress {
  /** Bytes sent and confirmed, plus what the current request has sent so far. */
  sentBytes: number;
  totalBytes: number;
  queue: QueueState;
}

export interface FileUploadDeps {
  uploadPart: (part: AudioPart, options?: UploadOptions) => Promise<UploadReceipt>;
  isOnline: () => boolean;
  onProgress?: (progress: FileUploadProgress) => void;
  maxPartBytes?: number;
  queueOptions?: Partial<Pick<UploadQueueDeps, 'sleep' | 'random' | 'maxAttempts' | 'baseDelayMs' | 'maxDelayMs'>>;
}

export interface FileUpload {
  /** Resolves with the queue's state once it is complete or failed (again, after a retry). */
  settled(): Promise<QueueState>;
  retry(): void;
  setOnline(online: boolean): void;
  cancel(): void;
}

export function startFileUpload(file: File, target: { sessionId: string; uploadId: string; sha256?: string | null }, deps: FileUploadDeps): FileUpload {
  const parts = planParts(file.size, deps.maxPartBytes);
  const controller = new AbortController();
  let inFlight = 0;

  const report = () => {
    const state = queue.getState();
    deps.onProgress?.({
      sentBytes: Math.min(file.size, state.confirmed.bytes + (state.status === 'complete' ? 0 : inFlight)),
      totalBytes: file.size,
      queue: state,
    });
  };

  const queue = createUploadQueue({
    ...deps.queueOptions,
    isOnline: deps.isOnline,
    classifyError: classifyUploadError,
    send: async (index, final) => {
      const part = parts[index]!;
      inFlight = 0;
      try {
        const receipt = await deps.uploadPart(
          { data: file.slice(part.start, part.end), name: file.name, uploadId: target.uploadId, chunkIndex: index, final, sessionId: target.sessionId, sha256: target.sha256 ?? null },
          {
            signal: controller.signal,
            onProgress: (loaded, total) => {
              // The request body is a little larger than the part (the multipart envelope).
              inFlight = Math.round((loaded / Math.max(1, total)) * (part.end - part.start));
              report();
            },
          },
        );
        return { complete: receipt.complete };
      } finally {
        inFlight = 0;
      }
    },
    onChange: report,
  });

  for (const part of parts) queue.add(part.index, part.end - part.start);
  queue.close();

  return {
    settled: () => queue.settled(),
    retry: () => queue.retry(),
    setOnline: (online) => queue.setOnline(online),
    cancel: () => {
      queue.dispose();
      controller.abort();
    },
  };
}
