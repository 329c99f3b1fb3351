import type { UploadRepo } from '../audio/upload-repo.js';
import type { UploadService } from '../audio/upload-service.js';
import type { SessionDataOwner } from './session-service.js';

/** A session's audio goes with the session (its upload record, chunks and audio object). */
export function sessionAudioOwner(uploads: UploadRepo, uploadService: UploadService): SessionDataOwner {
  return {
    name: 'audio',
    async deleteForSession(session) {
      if (!session.audioUploadId) return;
      const upload = await uploads.find(session.audioUploadId);
      if (upload && upload.ownerUid === session.ownerUid) await uploadService.deleteUpload(upload);
    },
  };
}
