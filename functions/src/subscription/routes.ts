import { Router } from 'express';
import { notFound } from '../http/errors.js';
import { callerOf } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import { subscriptionIdParams, updateSubscriptionBody, type PlanUsage } from '@charta/contract';
import type { SubscriptionService } from './subscription-service.js';

/** The caller's documentations this month against their plan's limit (billing's plan limits fill it in). */
export interface PlanUsageSource {
  usage(uid: string): Promise<PlanUsage>;
}

/** /subscription: the caller's plan and its usage; cancel at period end (PUT or DELETE). */
export function subscriptionRoutes(subscriptions: SubscriptionService, usage: PlanUsageSource): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    res.json({ subscription: await subscriptions.get(callerOf(req).uid) });
  });

  // Our extension (docs/api.md "Subscription"): what the Plan & billing page's meter and the Record tab's warning read.
  router.get('/usage', async (req, res) => {
    res.json({ usage: await usage.usage(callerOf(req).uid) });
  });

  router.put('/', async (req, res) => {
    const { cancelAtPeriodEnd } = parseInput(updateSubscriptionBody, req.body);
    res.json({ subscription: await subscriptions.setCancelAtPeriodEnd(callerOf(req).uid, cancelAtPeriodEnd) });
  });

  router.delete('/:id', async (req, res) => {
    const { id } = parseInput(subscriptionIdParams, req.params);
    const { uid } = callerOf(req);
    if (id !== uid) throw notFound('No such subscription');
    res.json({ subscription: await subscriptions.setCancelAtPeriodEnd(uid, true) });
  });

  return router;
}
