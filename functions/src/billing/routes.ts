import express, { Router, type RequestHandler } from 'express';
import {
  balanceBody,
  createCustomerBody,
  embeddedPaymentsLinkBody,
  lookupCustomerNameBody,
  paymentsLinkQuery,
  type BalanceResponse,
  type BillingLinkResponse,
  type CreateCustomerResponse,
  type EmbeddedPaymentsLinkResponse,
  type LookupCustomerNameResponse,
  type WebhookResponse,
} from '@charta/contract';
import { appUrlOfRequest } from '../http/app-url.js';
import { invalidArgument } from '../http/errors.js';
import { callerOf } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import type { RouteLimits } from '../limits/route-limits.js';
import { logCode, type Logger } from '../logging/logger.js';
import { logStripeWebhookRejected } from '../logging/log-events.js';
import type { CheckoutService } from './checkout/checkout-service.js';
import { retryAfterIfInProgress } from './checkout/retry-after.js';
import type { CustomerService } from './customers/customer-service.js';
import { WebhookSignatureError } from './gateway/billing-gateway.js';
import type { ReferralService } from './referral/referral-service.js';
import type { WebhookService } from './webhook/webhook-service.js';

/** /stripe/* for the signed-in caller: upgrade, manage billing, their customer and credit. Each asks Stripe: limited per user. */
export function stripeRoutes(checkout: CheckoutService, customers: CustomerService, limits: RouteLimits, appUrl: string): Router {
  const router = Router();
  router.get('/payments_link', limits.billingCall, async (req, res) => {
    const { plan } = parseInput(paymentsLinkQuery, req.query);
    res.json({ url: await retryAfterIfInProgress(res, checkout.hostedCheckoutUrl(callerOf(req).uid, plan, appUrlOfRequest(appUrl, req))) } satisfies BillingLinkResponse);
  });
  router.post('/embedded_payments_link', limits.billingCall, async (req, res) => {
    const { plan } = parseInput(embeddedPaymentsLinkBody, req.body);
    res.json({ clientSecret: await retryAfterIfInProgress(res, checkout.embeddedCheckoutSecret(callerOf(req).uid, plan, appUrlOfRequest(appUrl, req))) } satisfies EmbeddedPaymentsLinkResponse);
  });
  router.get('/portal_link', limits.billingCall, async (req, res) => {
    parseInput(createCustomerBody, req.query);
    res.json({ url: await checkout.portalUrl(callerOf(req).uid, appUrlOfRequest(appUrl, req)) } satisfies BillingLinkResponse);
  });
  router.post('/create_customer', limits.billingCall, async (req, res) => {
    parseInput(createCustomerBody, req.body);
    res.json({ customerId: await customers.customerIdOf(callerOf(req).uid) } satisfies CreateCustomerResponse);
  });
  router.post('/balance', limits.billingCall, async (req, res) => {
    parseInput(balanceBody, req.body);
    res.json({ balance: await checkout.balance(callerOf(req).uid) } satisfies BalanceResponse);
  });
  return router;
}

/** Stripe events are small (a few KB); a megabyte is far more than any, and bounds what an anonymous caller sends. */
const WEBHOOK_BODY_LIMIT = '1mb';

/**
 * POST /stripe/webhook: public, verified by its signature over the exact bytes Stripe sent. Mounted before
 * the app's JSON parser. On Cloud Functions (and its emulator) the runtime has already read the body and
 * keeps it as `req.rawBody`; elsewhere (tests, a plain Node server) express.raw reads it here.
 */
export function stripeWebhookHandlers(webhooks: WebhookService, logger: Logger): RequestHandler[] {
  const readRaw = express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT });
  const receive: RequestHandler = async (req, res) => {
    const raw = req.rawBody ?? (Buffer.isBuffer(req.body) ? req.body : null);
    if (!raw || raw.length === 0) throw invalidArgument('The webhook body is empty');
    try {
      await webhooks.receive(raw, req.get('stripe-signature'));
    } catch (err) {
      if (!(err instanceof WebhookSignatureError)) throw err;
      logStripeWebhookRejected(logger, { requestId: req.requestId, reason: logCode(err.message.startsWith('The Stripe-Signature header is missing') ? 'missing_signature' : 'bad_signature') });
      throw invalidArgument(err.message);
    }
    res.json({ received: true } satisfies WebhookResponse);
  };
  return [readRaw, receive];
}

/** /referral/*: public (a sign-up page asks before its visitor has an account), limited per client address. */
export function referralRoutes(referrals: ReferralService, limits: RouteLimits): Router {
  const router = Router();
  router.post('/lookup_customer_name', limits.referralLookupByAddress, async (req, res) => {
    const { referralCode } = parseInput(lookupCustomerNameBody, req.body);
    res.json({ name: await referrals.lookupName(referralCode) } satisfies LookupCustomerNameResponse);
  });
  return router;
}
