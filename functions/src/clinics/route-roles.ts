import type { ClinicRole } from '@charta/contract';

/**
 * Who may call each clinic route: the one table the router mounts from (routes.ts refuses to mount a route
 * without a row), and that tests/integration/clinics.test.ts walks, calling every row as a caller just below
 * its role. Keyed by method and path under /api/v1, as operations.ts and route-audit.ts are.
 *
 * - `signedIn`: any signed-in clinician, in a clinic or not (making one, an invitation's page and accepting it).
 * - `atLeast(role)`: the caller's membership is read from Firestore on every request (never from the token,
 *   which would keep a removed member in for up to an hour): not in a clinic answers 404, a role below 403.
 *   Finer rules (only the owner makes admins; the owner is never removed) are the service's (clinic.ts).
 */
export type ClinicAccess = { kind: 'signed_in' } | { kind: 'role'; atLeast: ClinicRole };

const signedIn: ClinicAccess = { kind: 'signed_in' };
const atLeast = (role: ClinicRole): ClinicAccess => ({ kind: 'role', atLeast: role });

export const CLINIC_ROUTE_ACCESS: Readonly<Record<string, ClinicAccess>> = {
  'GET /clinic': signedIn,
  'POST /clinic/create': signedIn,
  'POST /clinic/invitations/get': signedIn,
  'POST /clinic/invitations/accept': signedIn,
  'POST /clinic/invitations/create': atLeast('admin'),
  'POST /clinic/invitations/revoke': atLeast('admin'),
  'POST /clinic/members/set_role': atLeast('owner'),
  'POST /clinic/members/remove': atLeast('admin'),
  'POST /clinic/leave': atLeast('member'),
  'POST /clinic/delete': atLeast('owner'),
  // Consent, retention and sign-in methods for every member (docs/clinics.md "Policies"); members see them in GET /clinic.
  'POST /clinic/policies/set': atLeast('admin'),
  // Single sign-on by domain (docs/clinics.md "Single sign-on by domain"); members see it in GET /clinic.
  'POST /clinic/sso/set': atLeast('admin'),
  'POST /clinic/sso/clear': atLeast('admin'),
  // Seats and billing (docs/clinics.md "Seats and billing"); members see the plan in GET /clinic.
  'POST /clinic/billing/checkout': atLeast('admin'),
  'POST /clinic/billing/portal': atLeast('admin'),
  'POST /clinic/templates/list': atLeast('member'),
  'POST /clinic/templates/publish': atLeast('member'),
  'POST /clinic/templates/add': atLeast('member'),
  // Its author or an admin (the service decides between them); any member may try.
  'POST /clinic/templates/remove': atLeast('member'),
};
