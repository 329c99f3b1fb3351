import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { dataExportDownloadQuery, dataExportParams, type DataExportResponse, type LatestDataExportResponse } from '@charta/contract';
import { noteForAudit } from '../audit/audit-http.js';
import { callerOf } from '../http/request-context.js';
import { parseInput } from '../http/validate.js';
import type { RouteLimits } from '../limits/route-limits.js';
import type { DataExportService } from './data-export-service.js';

/** /export/* for the signed-in caller: start "Download my data", and follow its progress. */
export function dataExportRoutes(exports: DataExportService, limits: RouteLimits): Router {
  const router = Router();

  // 202 with the new export (built in the background), or 200 with the one already under way.
  router.post('/', limits.dataExport, async (req, res) => {
    const { export: started, created } = await exports.start(callerOf(req).uid);
    res.status(created ? 202 : 200).json({ export: started } satisfies DataExportResponse);
  });

  router.get('/latest', async (req, res) => {
    res.json({ export: await exports.latest(callerOf(req).uid) } satisfies LatestDataExportResponse);
  });

  router.get('/:exportId', async (req, res) => {
    const { exportId } = parseInput(dataExportParams, req.params);
    res.json({ export: await exports.get(callerOf(req).uid, exportId) } satisfies DataExportResponse);
  });

  return router;
}

/**
 * GET /export/download/:exportId?token=...: public, because a browser download (an `<a href>`) cannot send
 * the user's token; the link's own secret and expiry stand in for it, and the trail records the download for
 * the export's owner. Streamed from Storage.
 */
export function dataExportDownloadRoutes(exports: DataExportService, limits: RouteLimits): Router {
  const router = Router();
  router.get('/download/:exportId', limits.publicByAddress, async (req, res) => {
    const { exportId } = parseInput(dataExportParams, req.params);
    const { token } = parseInput(dataExportDownloadQuery, req.query);
    const download = await exports.openDownload(exportId, token);
    noteForAudit(req, { actorUid: download.ownerUid });
    res.type('application/zip').setHeader('Content-Disposition', `attachment; filename="${download.fileName}"`);
    // The link is a secret: no cache (shared or not) keeps the archive or the URL's answer.
    res.setHeader('Cache-Control', 'no-store');
    if (download.sizeBytes !== null) res.setHeader('Content-Length', String(download.sizeBytes));
    await pipeline(download.stream, res);
  });
  return router;
}
