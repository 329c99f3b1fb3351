import type { Response } from 'express';
import { CheckoutInProgress } from './checkout-service.js';

/**
 * A checkout refused because another is being made says when to try again (the error handler keeps the
 * header). Shared by the caller's own checkout (billing/routes.ts) and a clinic's (clinics/routes.ts).
 */
export async function retryAfterIfInProgress<T>(res: Response, answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (err) {
    if (err instanceof CheckoutInProgress) res.setHeader('Retry-After', String(err.retryAfterSec));
    throw err;
  }
}
