// GET/PUT /profile (API contract: Profile and subscription): read by Settings and by the Record tab (its
// default template and language), written by both. One key, so a change in one shows in the other.
import type { Profile, ProfileResponse } from '@charta/contract';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api';

export const PROFILE_KEY = '/profile';

/** What the app may change in the profile; PUT /profile takes any subset. */
export type ProfileChange = Partial<Pick<Profile, 'displayName' | 'specialty' | 'organization' | 'defaultLanguage' | 'defaultTemplateId'>>;

export function getProfile(): Promise<ProfileResponse> {
  return api.get<ProfileResponse>(PROFILE_KEY);
}

export function useProfile() {
  return useSWR<ProfileResponse, unknown>(PROFILE_KEY, getProfile);
}

/** Saves a change and puts the API's answer straight into this user's cache, so every reader sees it at once. */
export function useUpdateProfile(): (change: ProfileChange) => Promise<Profile> {
  // The provider's mutate, not swr's global one: the global one writes to a cache no component reads.
  const { mutate } = useSWRConfig();
  return useCallback(
    async (change: ProfileChange) => {
      const response = await api.put<ProfileResponse>(PROFILE_KEY, change);
      await mutate(PROFILE_KEY, response, { revalidate: false });
      return response.profile;
    },
    [mutate],
  );
}
