// The caller's clinic (docs/clinics.md), read by the clinic screens and by the template library's clinic tab:
// shared here (features never import each other), one SWR key, so both read one cache entry and one request.
import type { ClinicMember, MyClinicResponse } from '@charta/contract';
import useSWR from 'swr';
import { api } from '@/lib/api';

export const MY_CLINIC_KEY = '/clinic';

/**
 * GET /clinic: the caller's clinic, their role, its members and (admins, owner) its pending invitations; `{ clinic: null }`
 * outside one. `refreshInterval`: re-read that often (Clinic settings, waiting for Stripe to confirm the clinic's plan).
 */
export function useMyClinic(options: { refreshInterval?: number } = {}) {
  return useSWR<MyClinicResponse, unknown>(MY_CLINIC_KEY, () => api.get<MyClinicResponse>(MY_CLINIC_KEY), options);
}

/** A member's name as the clinic shows it (Clinic settings, the share dialog), falling back to their address. */
export function memberName(member: ClinicMember): string {
  return member.displayName.trim() || member.email;
}
