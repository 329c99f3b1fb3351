import { z } from 'zod';

export const updateSubscriptionBody = z.strictObject({ cancelAtPeriodEnd: z.boolean() });

export const subscriptionIdParams = z.strictObject({ id: z.string().min(1).max(128) });
