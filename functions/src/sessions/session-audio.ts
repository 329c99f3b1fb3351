import type { UploadRepo } from '../audio/upload-repo.js';
import type { UploadService } from '../audio/upload-service.js';
import type { SessionDataOwner } from './session-service.js';

/**
 * A session's audio goes with the session (upload records, chunks and audio objects): the upload attached
 * to it, and any upload still in progress that names it (it would otherwise keep the recording's chunks).
 */
export function sessionAudioOwner(uploads: UploadRepo, uploadService: UploadService): SessionDataOwner {
  return {
    name: 'audio',
    async deleteForSession(session) {
      const attached = session.audioUploadId ? await uploads.find(session.audioUploadId) : null;
      const naming = await uploads.findNamingSession(session.ownerUid, session.id);
      const all = new Map(naming.map((upload) => [upload.uploadId, upload]));
      if (attached && attached.ownerUid === session.ownerUid) all.set(attached.uploadId, attached);
      for (const upload of all.values()) await uploadService.deleteUpload(upload);
    },
  };
}
