import type { AccountDataOwner } from '../accounts/account-deletion.js';
import type { SessionDataOwner } from '../sessions/session-service.js';
import type { SessionRecord } from '../sessions/session.js';
import type { AudioStore } from '../storage/audio-store.js';
import type { UploadRepo } from './upload-repo.js';
import type { UploadService } from './upload-service.js';

/** A session's audio goes with the session. */
export function sessionAudioOwner(uploads: UploadRepo, uploadService: UploadService): SessionDataOwner {
  return {
    name: 'audio',
    async deleteForSession(session: SessionRecord) {
      if (!session.audioUploadId) return;
      const upload = await uploads.find(session.audioUploadId);
      if (upload && upload.ownerUid === session.ownerUid) await uploadService.deleteUpload(upload);
    },
  };
}

/** Account deletion: every upload record and every object under the user's folders, attached or not. */
export function accountAudioOwner(uploads: UploadRepo, uploadService: UploadService, store: AudioStore): AccountDataOwner {
  return {
    name: 'audio',
    async deleteAllOwnedBy(uid: string) {
      const all = await uploads.findAllOwnedBy(uid);
      for (const upload of all) await uploadService.deleteUpload(upload);
      await store.deletePrefix(`users/${uid}/`);
      await store.deletePrefix(`uploads/${uid}/`);
      return all.length;
    },
  };
}
