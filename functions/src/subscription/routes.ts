import { Router } from 'express';
import { notFound } from '../http/errors.js';
import { callerOf } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import { subscriptionIdParams, updateSubscriptionBody } from '@charta/contract';
import type { SubscriptionService } from './subscription-service.js';

/** /subscription: the caller's plan; cancel at period end (PUT or DELETE). */
export function subscriptionRoutes(subscriptions: SubscriptionService): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    res.json({ subscription: await subscriptions.get(callerOf(req).uid) });
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
