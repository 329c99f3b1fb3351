import type { Profile } from '@charta/contract';
import { useCallback, useState } from 'react';
import { useUpdateProfile } from '@/data/profile';
import type { ProfileUpdate } from '../api/profile';

/** Saves the settings form, and says while it does. */
export function useSaveProfile() {
  const updateProfile = useUpdateProfile();
  const [saving, setSaving] = useState(false);

  const save = useCallback(
    async (update: ProfileUpdate): Promise<Profile> => {
      setSaving(true);
      try {
        return await updateProfile(update);
      } finally {
        setSaving(false);
      }
    },
    [updateProfile],
  );

  return { save, saving };
}
