import { Router } from 'express';
import { sendCodeBody, verifyCodeBody, type SendCodeResponse, type VerifyCodeResponse } from '@charta/contract';
import { auditContextOf, noteForAudit } from '../audit/audit-http.js';
import type { AuditTrail } from '../audit/audit-trail.js';
import { parseInput } from '../http/validate.js';
import type { RouteLimits } from '../limits/route-limits.js';
import type { OneTimeCodeService } from './one-time-code-service.js';

/** /auth: sign-in by a code sent by email. Public routes (no token): the caller is signing in. */
export function oneTimeCodeRoutes(codes: OneTimeCodeService, limits: RouteLimits, audit: AuditTrail): Router {
  const router = Router();

  router.post('/send-code', limits.codeSendByAddress, async (req, res) => {
    const { email } = parseInput(sendCodeBody, req.body);
    await limits.codeSendByEmail(codes.emailKeyOf(email), res);
    // The audit entry (for the address's account, if there is one) is made while the code is mailed, so the
    // answer takes the mail's time whether or not an account exists, as sending itself does.
    await Promise.all([codes.send(email, req.requestId), audit.recordForEmail(email, 'account.code_requested', 'server', auditContextOf(req))]);
    const answer: SendCodeResponse = { sent: true };
    res.status(202).json(answer);
  });

  router.post('/verify-code', limits.codeVerifyByAddress, async (req, res) => {
    const { email, code } = parseInput(verifyCodeBody, req.body);
    const { uid, customToken } = await codes.verify(email, code, req.requestId);
    // The trail records the code's use for the account it signs in (route-audit.ts).
    noteForAudit(req, { actorUid: uid });
    const answer: VerifyCodeResponse = { customToken };
    res.json(answer);
  });

  return router;
}
