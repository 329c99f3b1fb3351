import { Router } from 'express';
import { sendCodeBody, verifyCodeBody, type SendCodeResponse, type VerifyCodeResponse } from '@charta/contract';
import { parseInput } from '../http/validate.js';
import type { RouteLimits } from '../limits/route-limits.js';
import type { OneTimeCodeService } from './one-time-code-service.js';

/** /auth: sign-in by a code sent by email. Public routes (no token): the caller is signing in. */
export function oneTimeCodeRoutes(codes: OneTimeCodeService, limits: RouteLimits): Router {
  const router = Router();

  router.post('/send-code', limits.codeSendByAddress, async (req, res) => {
    const { email } = parseInput(sendCodeBody, req.body);
    await limits.codeSendByEmail(codes.emailKeyOf(email), res);
    await codes.send(email, req.requestId);
    const answer: SendCodeResponse = { sent: true };
    res.status(202).json(answer);
  });

  router.post('/verify-code', limits.codeVerifyByAddress, async (req, res) => {
    const { email, code } = parseInput(verifyCodeBody, req.body);
    const answer: VerifyCodeResponse = await codes.verify(email, code, req.requestId);
    res.json(answer);
  });

  return router;
}
