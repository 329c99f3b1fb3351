import { Router, type RequestHandler } from 'express';
import {
  clinicBillingBody,
  clinicTemplateIdBody,
  createClinicBody,
  deleteClinicBody,
  hasClinicRole,
  invitationIdBody,
  invitationTokenBody,
  inviteBody,
  memberUidBody,
  publishToClinicBody,
  setClinicPoliciesBody,
  setClinicSingleSignOnBody,
  setMemberRoleBody,
  singleSignOnForEmailBody,
  type BillingLinkResponse,
  type SingleSignOnForEmailResponse,
} from '@charta/contract';
import { appUrlOfRequest } from '../http/app-url.js';
import { retryAfterIfInProgress } from '../billing/checkout/retry-after.js';
import { notFound, permissionDenied } from '../http/errors.js';
import { callerOf } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import type { RouteLimits } from '../limits/route-limits.js';
import type { ClinicLibrary } from './clinic-library.js';
import type { ClinicSeats } from './clinic-seats.js';
import { NOT_IN_A_CLINIC, type ClinicService } from './clinic-service.js';
import { CLINIC_ROUTE_ACCESS, type ClinicAccess } from './route-roles.js';

/** Where app.ts mounts these routes (the table's keys start with it). */
export const CLINIC_BASE = '/clinic';

/**
 * The caller's membership, read from Firestore on this request, against the route's row: not in a clinic
 * is 404 (there is no clinic of theirs to speak of), a role below the row's is 403.
 */
function requireAccess(clinics: ClinicService, access: ClinicAccess): RequestHandler {
  return async (req, _res, next) => {
    if (access.kind === 'role') {
      const me = await clinics.membershipOf(callerOf(req).uid);
      if (!me) throw notFound(NOT_IN_A_CLINIC);
      if (!hasClinicRole(me.role, access.atLeast)) throw permissionDenied(`Only ${access.atLeast === 'owner' ? 'the clinic’s owner' : 'admins and the owner'} may do this`);
    }
    next();
  };
}

/** /clinic/*: the caller's clinic, invitations, members and the clinic library; each route mounted from its row. */
export function clinicRoutes(clinics: ClinicService, library: ClinicLibrary, seats: ClinicSeats, limits: RouteLimits, appUrl: string): Router {
  const router = Router();
  const on = (method: 'get' | 'post', path: string, ...handlers: RequestHandler[]) => {
    const key = `${method.toUpperCase()} ${CLINIC_BASE}${path === '/' ? '' : path}`;
    const access = CLINIC_ROUTE_ACCESS[key];
    // A route nobody decided on is a bug to catch at start-up, not a route open to every signed-in user.
    if (!access) throw new Error(`${key} has no row in CLINIC_ROUTE_ACCESS (clinics/route-roles.ts)`);
    router[method](path, requireAccess(clinics, access), ...handlers);
  };

  on('get', '/', async (req, res) => {
    res.json(await clinics.myClinic(callerOf(req).uid));
  });

  on('post', '/create', async (req, res) => {
    const { name } = parseInput(createClinicBody, req.body);
    res.status(201).json(await clinics.create(callerOf(req), name));
  });

  on('post', '/invitations/create', limits.clinicInvitation, async (req, res) => {
    const { email, role } = parseInput(inviteBody, req.body);
    res.status(201).json({ invitation: await clinics.invite(callerOf(req), email, role) });
  });

  on('post', '/invitations/revoke', async (req, res) => {
    const { invitationId } = parseInput(invitationIdBody, req.body);
    res.json({ invitation: await clinics.revoke(callerOf(req).uid, invitationId) });
  });

  on('post', '/invitations/get', async (req, res) => {
    const { token } = parseInput(invitationTokenBody, req.body);
    res.json({ invitation: await clinics.preview(callerOf(req), token) });
  });

  on('post', '/invitations/accept', async (req, res) => {
    const { token } = parseInput(invitationTokenBody, req.body);
    res.json(await clinics.accept(callerOf(req), token));
  });

  on('post', '/members/set_role', async (req, res) => {
    const { uid, role } = parseInput(setMemberRoleBody, req.body);
    res.json(await clinics.setRole(callerOf(req).uid, uid, role));
  });

  on('post', '/members/remove', async (req, res) => {
    const { uid } = parseInput(memberUidBody, req.body);
    await clinics.remove(callerOf(req).uid, uid);
    res.json({ removed: true });
  });

  on('post', '/leave', async (req, res) => {
    await clinics.leave(callerOf(req).uid);
    res.json({ left: true });
  });

  on('post', '/delete', async (req, res) => {
    const { clinicId } = parseInput(deleteClinicBody, req.body);
    await clinics.deleteClinic(callerOf(req).uid, clinicId);
    res.json({ deleted: true });
  });

  on('post', '/policies/set', async (req, res) => {
    const changes = parseInput(setClinicPoliciesBody, req.body);
    res.json(await clinics.setPolicies(callerOf(req), changes));
  });

  on('post', '/sso/set', async (req, res) => {
    const sso = parseInput(setClinicSingleSignOnBody, req.body);
    res.json(await clinics.setSingleSignOn(callerOf(req), sso));
  });

  on('post', '/sso/clear', async (req, res) => {
    res.json(await clinics.clearSingleSignOn(callerOf(req)));
  });

  // Seats and billing (docs/clinics.md "Seats and billing"): each asks Stripe, so each is limited as billing's are.
  on('post', '/billing/checkout', limits.billingCall, async (req, res) => {
    parseInput(clinicBillingBody, req.body);
    const clinicId = (await clinics.membershipOf(callerOf(req).uid))!.clinicId;
    res.json({ url: await retryAfterIfInProgress(res, seats.checkoutUrl(clinicId, appUrlOfRequest(appUrl, req))) } satisfies BillingLinkResponse);
  });

  on('post', '/billing/portal', limits.billingCall, async (req, res) => {
    parseInput(clinicBillingBody, req.body);
    const clinicId = (await clinics.membershipOf(callerOf(req).uid))!.clinicId;
    res.json({ url: await seats.portalUrl(clinicId, appUrlOfRequest(appUrl, req)) } satisfies BillingLinkResponse);
  });

  on('post', '/templates/list', async (req, res) => {
    res.json({ templates: await library.list(callerOf(req).uid) });
  });

  on('post', '/templates/publish', async (req, res) => {
    const { templateId, description } = parseInput(publishToClinicBody, req.body);
    const caller = callerOf(req);
    res.json({ template: await library.publish(caller.uid, caller.name, templateId, description) });
  });

  on('post', '/templates/add', async (req, res) => {
    const { clinicTemplateId } = parseInput(clinicTemplateIdBody, req.body);
    res.json({ template: await library.add(callerOf(req).uid, clinicTemplateId) });
  });

  on('post', '/templates/remove', async (req, res) => {
    const { clinicTemplateId } = parseInput(clinicTemplateIdBody, req.body);
    await library.remove(callerOf(req).uid, clinicTemplateId);
    res.json({ removed: true });
  });

  return router;
}

/**
 * /auth/sso_for_email: public (the caller is signing in), limited per address like the other public routes. The
 * sign-in page asks it for an address typed there, and sends an address at a clinic's domain to its provider.
 */
export function singleSignOnLookupRoutes(clinics: ClinicService, limits: RouteLimits): Router {
  const router = Router();
  router.post('/sso_for_email', limits.publicByAddress, async (req, res) => {
    const { email } = parseInput(singleSignOnForEmailBody, req.body);
    const answer: SingleSignOnForEmailResponse = { providerId: await clinics.singleSignOnFor(email) };
    res.json(answer);
  });
  return router;
}
