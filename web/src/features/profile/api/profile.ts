// GET/PUT /api/v1/profile (API contract: Profile and subscription).
import type { ProfileResponse } from '@charta/contract';
import useSWR from 'swr';
import { api } from '@/lib/api';

/** What the settings form may change; the API accepts more (defaultTemplateId), set elsewhere. */
export interface ProfileUpdate {
  displayName: string;
  specialty: string;
  organization: string;
  defaultLanguage: string;
}

export const PROFILE_UPDATE_FIELDS = ['displayName', 'specialty', 'organization', 'defaultLanguage'] as const;

export const profileKey = '/profile';

export function getProfile(): Promise<ProfileResponse> {
  return api.get<ProfileResponse>(profileKey);
}

export function updateProfile(update: ProfileUpdate): Promise<ProfileResponse> {
  return api.put<ProfileResponse>(profileKey, update);
}

export function useProfile() {
  return useSWR<ProfileResponse, unknown>(profileKey, getProfile);
}
