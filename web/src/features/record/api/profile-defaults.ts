// What the Record tab reads from and writes to the profile: the template and language to preselect.
// Same cache key as the Settings page (GET /profile), so both see one copy.
import useSWR, { useSWRConfig } from 'swr';
import { useCallback } from 'react';
import { api } from '@/lib/api';

export interface ProfileDefaults {
  defaultTemplateId: string | null;
  defaultLanguage: string | null;
}

interface ProfileResponse {
  profile: ProfileDefaults & Record<string, unknown>;
}

const profileKey = '/profile';

export function useProfileDefaults() {
  return useSWR<ProfileResponse, unknown>(profileKey, () => api.get<ProfileResponse>(profileKey));
}

/** Remembers the chosen template as the profile's default (PUT /profile), and updates the cached profile. */
export function useRememberTemplate() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (defaultTemplateId: string) => {
      const response = await api.put<ProfileResponse>(profileKey, { defaultTemplateId });
      await mutate(profileKey, response, { revalidate: false });
    },
    [mutate],
  );
}
