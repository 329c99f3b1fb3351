import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { accountEventBody, auditEntriesBody, auditEventBody, auditExportQuery, type AuditEntriesPage, type AuditEventResponse } from '@charta/contract';
import { callerOf } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import type { RouteLimits } from '../limits/route-limits.js';
import { auditContextOf } from './audit-http.js';
import type { AuditTrail } from './audit-trail.js';

/**
 * /audit/* for the signed-in caller: their own trail (a page at a time, or all of it as CSV), and what only
 * the browser sees (a copy, a print, a filled EHR page, a sign-out), which the middleware records from the
 * route table like any other request.
 */
export function auditRoutes(trail: AuditTrail, limits: RouteLimits): Router {
  const router = Router();

  router.post('/entries', async (req, res) => {
    const { cursor, limit, ...filter } = parseInput(auditEntriesBody, req.body);
    res.json((await trail.page(callerOf(req).uid, filter, cursor, limit)) satisfies AuditEntriesPage);
  });

  // Streamed a page of entries at a time, so six years of a busy clinician's trail never sits in memory.
  router.get('/entries.csv', limits.auditExport, async (req, res) => {
    const filter = parseInput(auditExportQuery, req.query);
    const lines = trail.csv(callerOf(req).uid, filter);
    res.type('text/csv; charset=utf-8').setHeader('Content-Disposition', `attachment; filename="charta-activity-${new Date().toISOString().slice(0, 10)}.csv"`);
    await pipeline(Readable.from(lines), res);
  });

  router.post('/event', limits.auditReport, (req, res) => {
    parseInput(auditEventBody, req.body);
    res.status(202).json({ recorded: true } satisfies AuditEventResponse);
  });

  return router;
}

/**
 * /audit/account_event: public (the reporter is not signed in: a sign-in just failed, or they asked for a
 * password reset), limited per client address. The same answer whether or not the address has an account;
 * the address is looked up and forgotten (docs/privacy.md "Audit trail").
 */
export function publicAuditRoutes(trail: AuditTrail, limits: RouteLimits): Router {
  const router = Router();
  router.post('/account_event', limits.auditAccountEventByAddress, async (req, res) => {
    const { action, email } = parseInput(accountEventBody, req.body);
    await trail.recordForEmail(email, action, 'client', auditContextOf(req));
    res.status(202).json({ recorded: true } satisfies AuditEventResponse);
  });
  return router;
}
