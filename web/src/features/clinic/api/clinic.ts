// The clinic routes the clinic screens call (docs/clinics.md; docs/api.md "Clinics"). Who may do what is
// decided on the server on every request; these only send what the screens ask and keep GET /clinic fresh.
import type { BillingLinkResponse, ClinicInvitation, ClinicPolicies, ClinicRole, InvitationPreview, InvitedRole, MyClinicResponse } from '@charta/contract';
import useSWR from 'swr';
import { api } from '@/lib/api';

export { MY_CLINIC_KEY, useMyClinic } from '@/data/my-clinic';

export function createClinic(name: string): Promise<MyClinicResponse> {
  return api.post<MyClinicResponse>('/clinic/create', { name });
}

export async function inviteToClinic(email: string, role: InvitedRole): Promise<ClinicInvitation> {
  const { invitation } = await api.post<{ invitation: ClinicInvitation }>('/clinic/invitations/create', { email, role });
  return invitation;
}

export async function revokeInvitation(invitationId: string): Promise<void> {
  await api.post('/clinic/invitations/revoke', { invitationId });
}

/** `role: 'owner'` hands the clinic to that member; the caller becomes an admin. */
export function setMemberRole(uid: string, role: ClinicRole): Promise<MyClinicResponse> {
  return api.post<MyClinicResponse>('/clinic/members/set_role', { uid, role });
}

export async function removeMember(uid: string): Promise<void> {
  await api.post('/clinic/members/remove', { uid });
}

export async function leaveClinic(): Promise<void> {
  await api.post('/clinic/leave', {});
}

/** The clinic's id goes with the request as the confirmation of which clinic is to go. */
export async function deleteClinic(clinicId: string): Promise<void> {
  await api.post('/clinic/delete', { clinicId });
}

/**
 * POST /clinic/invitations/get: what the invitation page shows before accepting. Asked again once the
 * caller's address is verified (whether the invitation is for them depends on it).
 */
export function useInvitationPreview(token: string, emailVerified: boolean) {
  const key = ['/clinic/invitations/get', token, emailVerified] as const;
  return useSWR<InvitationPreview, unknown>(key, async () => (await api.post<{ invitation: InvitationPreview }>('/clinic/invitations/get', { token })).invitation, {
    // A 404 or an expired link does not change by asking again.
    shouldRetryOnError: false,
  });
}

export function acceptInvitation(token: string): Promise<MyClinicResponse> {
  return api.post<MyClinicResponse>('/clinic/invitations/accept', { token });
}

/** POST /clinic/policies/set (admins, owner): every policy sent replaces the clinic's (null: members choose). */
export function setClinicPolicies(policies: ClinicPolicies): Promise<MyClinicResponse> {
  return api.post<MyClinicResponse>('/clinic/policies/set', policies);
}

/** POST /clinic/sso/set (admins, owner): the clinic's email domain and the provider its addresses sign in with. */
export function setClinicSingleSignOn(domain: string, providerId: string): Promise<MyClinicResponse> {
  return api.post<MyClinicResponse>('/clinic/sso/set', { domain, providerId });
}

/** POST /clinic/sso/clear (admins, owner): addresses at the domain sign in as any other again. */
export function clearClinicSingleSignOn(): Promise<MyClinicResponse> {
  return api.post<MyClinicResponse>('/clinic/sso/clear', {});
}

/** POST /clinic/billing/checkout (admins, owner): Stripe Checkout for the clinic's plan, a seat per member. */
export async function clinicCheckoutUrl(): Promise<string> {
  return (await api.post<BillingLinkResponse>('/clinic/billing/checkout', {})).url;
}

/** POST /clinic/billing/portal (admins, owner): Stripe's portal for the clinic's plan (card, invoices, cancelling). */
export async function clinicPortalUrl(): Promise<string> {
  return (await api.post<BillingLinkResponse>('/clinic/billing/portal', {})).url;
}
