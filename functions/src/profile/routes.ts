import { Router } from 'express';
import type { AccountDeletion } from '../accounts/account-deletion.js';
import { notFound } from '../http/errors.js';
import { callerOf } from '../http/request-context.js';
import { assertRecentSignIn } from '../http/sign-in-requirements.js';
import { parseInput } from '../http/validate.js';
import type { ProfileService } from './profile-service.js';
import { profileIdParams, updateConsentSettingsBody, updateProfileBody, updateRetentionSettingsBody } from '@charta/contract';

/** /profile: read and edit one's own profile, and delete one's own account. */
export function profileRoutes(profiles: ProfileService, accountDeletion: AccountDeletion, now: () => Date): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    res.json({ profile: await profiles.getOrCreate(callerOf(req)) });
  });

  router.put('/', async (req, res) => {
    const changes = parseInput(updateProfileBody, req.body);
    res.json({ profile: await profiles.update(callerOf(req), changes) });
  });

  // The consent and retention settings have routes of their own (docs/privacy.md "Consent", "Retention"): each change
  // is one kind of event for whoever records account events, never mixed with a name or template edit.
  router.put('/consent', async (req, res) => {
    const changes = parseInput(updateConsentSettingsBody, req.body);
    res.json({ profile: await profiles.updateConsent(callerOf(req), changes) });
  });

  router.put('/retention', async (req, res) => {
    const { confirmShorter, ...changes } = parseInput(updateRetentionSettingsBody, req.body);
    res.json({ profile: await profiles.updateRetention(callerOf(req), changes, confirmShorter ?? false) });
  });

  router.delete('/:id', async (req, res) => {
    const { id } = parseInput(profileIdParams, req.params);
    const caller = callerOf(req);
    // Someone else's account answers exactly like a missing one.
    if (id !== caller.uid) throw notFound('No such profile');
    assertRecentSignIn(caller, now());
    await accountDeletion.deleteAccount(caller.uid);
    res.json({ deleted: true });
  });

  return router;
}
