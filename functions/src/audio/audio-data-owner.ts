import type { AccountDataOwner } from '../accounts/account-deletion.js';
import type { AudioStore } from '../storage/audio-store.js';
import type { UploadRepo } from './upload-repo.js';
import type { UploadService } from './upload-service.js';

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
