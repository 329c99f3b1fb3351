// GET/PUT /profile (docs/api.md "Profile", "Subscription"): read by Settings and by the Record tab (its
// default template and language), written by both. One key, so a change in one shows in the other.
import type { ConsentSettings, Profile, ProfileResponse, RetentionImpact, RetentionSettings } from '@charta/contract';
import { useCallback, useMemo } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api';

export const PROFILE_KEY = '/profile';

/**
 * What the app may change in the profile; PUT /profile takes any subset. `completeFirstRun`: the first-run
 * step was finished or skipped (the API keeps when, once).
 */
export type ProfileChange = Partial<Pick<Profile, 'displayName' | 'title' | 'specialty' | 'organization' | 'defaultLanguage' | 'defaultTemplateId'>> & { completeFirstRun?: true };

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

/**
 * The consent and retention settings (docs/privacy.md "Consent", "Retention") have routes of their own, so each change
 * is recorded as the account event it is. Each answers with the whole profile, which goes straight into the
 * cache as PUT /profile's does.
 */
export function useUpdatePrivacySettings() {
  const { mutate } = useSWRConfig();
  const put = useCallback(
    async (path: string, body: object): Promise<Profile> => {
      const response = await api.put<ProfileResponse>(path, body);
      await mutate(PROFILE_KEY, response, { revalidate: false });
      return response.profile;
    },
    [mutate],
  );
  return useMemo(
    () => ({
      updateConsent: (change: Partial<ConsentSettings>) => put(`${PROFILE_KEY}/consent`, change),
      /** `confirmShorter`: the clinician was told how many sessions a shorter setting affects and went ahead. */
      updateRetention: (change: Partial<RetentionSettings>, confirmShorter: boolean) =>
        put(`${PROFILE_KEY}/retention`, { ...change, ...(confirmShorter ? { confirmShorter: true } : {}) }),
    }),
    [put],
  );
}

/** POST /profile/retention/impact: how many sessions the proposed settings would delete from, kind by kind. */
export async function retentionImpact(proposed: Partial<RetentionSettings>): Promise<RetentionImpact> {
  return (await api.post<{ impact: RetentionImpact }>(`${PROFILE_KEY}/retention/impact`, proposed)).impact;
}
