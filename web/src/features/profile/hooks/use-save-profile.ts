import type { Profile } from '@charta/contract';
import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import { profileKey, updateProfile, type ProfileUpdate } from '../api/profile';

/** Saves the profile and puts the API's answer straight into the cache, so every reader sees it at once. */
export function useSaveProfile() {
  const { mutate } = useSWRConfig();
  const [saving, setSaving] = useState(false);

  const save = useCallback(
    async (update: ProfileUpdate): Promise<Profile> => {
      setSaving(true);
      try {
        const response = await updateProfile(update);
        await mutate(profileKey, response, { revalidate: false });
        return response.profile;
      } finally {
        setSaving(false);
      }
    },
    [mutate],
  );

  return { save, saving };
}
