// What the clinic screens offer to whom. The server decides every request on its own (docs/clinics.md
// "Roles, and who may do what"); these mirror its rules so a clinician is never shown a control that can
// only be refused.
import { hasClinicRole, INVITED_ROLES, type ClinicMember, type ClinicRole, type InvitedRole } from '@charta/contract';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/error-message';

/** Admins and the owner manage members and invitations; members see the list only. */
export const managesMembers = (role: ClinicRole) => hasClinicRole(role, 'admin');

/** Only the owner changes roles, and never their own (the owner's role moves by handing the clinic on). */
export const mayChangeRole = (myRole: ClinicRole, myUid: string | undefined, target: ClinicMember) => myRole === 'owner' && target.uid !== myUid;

/** Nobody removes the owner or themselves (they leave); only the owner removes an admin. */
export function mayRemove(myRole: ClinicRole, myUid: string | undefined, target: ClinicMember): boolean {
  if (target.role === 'owner' || target.uid === myUid || !managesMembers(myRole)) return false;
  return target.role !== 'admin' || myRole === 'owner';
}

/** Only the owner invites admins. */
export const invitableRoles = (myRole: ClinicRole): readonly InvitedRole[] => (myRole === 'owner' ? INVITED_ROLES : ['member']);

/** A wait in words ("about 2 hours", "5 minutes"), for a 429's Retry-After. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  if (seconds < 3600) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  const hours = Math.round(seconds / 3600);
  return `about ${hours} hour${hours === 1 ? '' : 's'}`;
}

/** Why an invitation was not sent, in words: the limit's wait said plainly rather than in seconds. */
export function describeInviteFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) {
    const wait = error.retryAfterSeconds ? ` You can send more in ${describeWait(error.retryAfterSeconds)}.` : ' Please try again later.';
    return `You have sent as many invitations as the limit allows for now.${wait}`;
  }
  return describeError(error);
}
