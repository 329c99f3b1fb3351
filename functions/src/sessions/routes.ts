import { pipeline } from 'node:stream/promises';
import { Router, type Request } from 'express';
import { noteForAudit } from '../audit/audit-http.js';
import type { AudioStore } from '../storage/audio-store.js';
import { playbackFile } from '../audio/playback.js';
import { MAX_REQUEST_AUDIO_BYTES, type UploadService } from '../audio/upload-service.js';
import { ApiError, invalidArgument, rangeNotSatisfiable } from '../http/errors.js';
import { readMultipart } from '../http/multipart.js';
import { callerOf } from '../http/request-context.js';
import { requireVerifiedEmail } from '../http/sign-in-requirements.js';
import { parseInput } from '../http/validate.js';
import type { RouteLimits } from '../limits/route-limits.js';
import {
  createSessionBody,
  deleteManyBody,
  listSessionsBody,
  recordConsentBody,
  searchByPatientNameBody,
  sessionIdBody,
  updateSessionBody,
  updateTitleBody,
  uploadAudioFields,
  uploadByChecksumBody,
  type UploadMatchResponse,
} from '@charta/contract';
import type { SessionService } from './session-service.js';

/** create_session takes multipart form fields as the spec says; JSON is accepted too. */
async function formOrJson(req: Request): Promise<unknown> {
  if (req.is('application/json')) return req.body;
  return (await readMultipart(req, { maxFileBytes: 0 })).fields;
}

/** /session/*: sessions and their audio. */
export function sessionRoutes(sessions: SessionService, uploads: UploadService, store: AudioStore, limits: RouteLimits): Router {
  const router = Router();

  // Playback (our extension; docs/api.md "Sessions"): the audio bytes, for the owner only. A GET with
  // the id in the path, so the web app can fetch it with its token and hand the blob to an <audio> element.
  // A browser recording gets its duration written into its header (audio/playback.ts). One byte range is
  // answered with 206 (players and downloads resume with them); several, or a malformed Range, get the
  // whole file, as HTTP allows; a range past the end is 416 with the size.
  router.get('/audio/:sessionId', async (req, res) => {
    const { sessionId } = parseInput(sessionIdBody, { sessionId: req.params['sessionId'] });
    const file = await playbackFile(store, await sessions.audioOf(callerOf(req).uid, sessionId));
    res.type(file.mime).setHeader('Accept-Ranges', 'bytes');
    // Express's req.range is the range-parser package: -1 unsatisfiable, -2 malformed.
    const ranges = req.range(file.size, { combine: true });
    if (ranges === -1) {
      res.setHeader('Content-Range', `bytes */${file.size}`);
      throw rangeNotSatisfiable(`The range asked for is past the end of the audio (${file.size} bytes)`);
    }
    const range = Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0] : undefined;
    const start = range?.start ?? 0;
    const end = range?.end ?? file.size - 1;
    if (range) res.status(206).setHeader('Content-Range', `bytes ${start}-${end}/${file.size}`);
    res.setHeader('Content-Length', String(end - start + 1));
    await pipeline(file.open(start, end), res);
  });

  router.post('/upload_audio', requireVerifiedEmail, limits.upload, limits.audioStorage, async (req, res) => {
    const form = await readMultipart(req, { maxFileBytes: MAX_REQUEST_AUDIO_BYTES });
    if (!form.file || form.file.fieldName !== 'file') throw invalidArgument('file is required', 'file');
    const fields = parseInput(uploadAudioFields, form.fields);
    // The audit trail cannot read a multipart body: it is told the session the audio is for.
    if (fields.sessionId) noteForAudit(req, { sessionId: fields.sessionId });
    const receipt = await uploads.receive(callerOf(req).uid, {
      data: form.file.data,
      name: fields.name ?? form.file.filename,
      uploadId: fields.uploadId,
      chunkIndex: fields.chunkIndex,
      final: fields.final,
      sessionId: fields.sessionId,
      sha256: fields.sha256,
    });
    res.status(201).json(receipt);
  });

  // Our extension (docs/api.md "Sessions"): before a picked file goes up, whether the caller uploaded the same
  // file (by its SHA-256) within the duplicate window, and for which session, so the app asks first instead
  // of making a second session. Only the caller's own uploads are looked at; a session deleted since is not.
  router.post('/upload_by_checksum', async (req, res) => {
    const { sha256 } = parseInput(uploadByChecksumBody, req.body);
    const uid = callerOf(req).uid;
    let answer: UploadMatchResponse = { upload: null };
    for (const upload of await uploads.recentWithChecksum(uid, sha256)) {
      if (!upload.sessionId) continue;
      const session = await sessions.get(uid, upload.sessionId).catch((err: unknown) => {
        if (err instanceof ApiError && err.code === 'not_found') return null;
        throw err;
      });
      if (!session) continue;
      answer = { upload: { sessionId: session.id, patientName: session.patientName, uploadedAt: upload.createdAt, complete: upload.status === 'complete' } };
      break;
    }
    res.json(answer);
  });

  router.post('/create_session', requireVerifiedEmail, limits.sessionCreation, async (req, res) => {
    const input = parseInput(createSessionBody, await formOrJson(req));
    const caller = callerOf(req);
    res.status(201).json({ session: await sessions.create(caller.uid, input, caller) });
  });

  // Our extension (docs/privacy.md "Consent"): the patient agreed to this session's recording. Audio for a session
  // without it is refused (409 consent_required) while the clinician's consent setting is on.
  router.post('/consent', async (req, res) => {
    const { sessionId, method } = parseInput(recordConsentBody, req.body);
    const caller = callerOf(req);
    res.json({ session: await sessions.recordConsent(caller.uid, sessionId, method, caller) });
  });

  router.post('/sessions', async (req, res) => {
    const { limit, cursor, status } = parseInput(listSessionsBody, req.body);
    res.json(await sessions.list(callerOf(req).uid, { limit, cursor, status }));
  });

  router.post('/session', async (req, res) => {
    const { sessionId } = parseInput(sessionIdBody, req.body);
    res.json({ session: await sessions.get(callerOf(req).uid, sessionId) });
  });

  router.get('/get_last_five_sessions', async (req, res) => {
    const { sessions: recent } = await sessions.list(callerOf(req).uid, { limit: 5 });
    res.json({ sessions: recent });
  });

  router.post('/update', async (req, res) => {
    const { sessionId, ...changes } = parseInput(updateSessionBody, req.body);
    res.json({ session: await sessions.update(callerOf(req).uid, sessionId, changes) });
  });

  router.post('/update_title', async (req, res) => {
    const { sessionId, title } = parseInput(updateTitleBody, req.body);
    res.json({ session: await sessions.updateTitle(callerOf(req).uid, sessionId, title) });
  });

  router.post('/delete', async (req, res) => {
    const { sessionId } = parseInput(sessionIdBody, req.body);
    await sessions.delete(callerOf(req).uid, sessionId);
    res.json({ deleted: 1 });
  });

  router.post('/delete_many', async (req, res) => {
    const { sessionIds } = parseInput(deleteManyBody, req.body);
    res.json({ deleted: await sessions.deleteMany(callerOf(req).uid, sessionIds) });
  });

  return router;
}

/** /search/*: finding sessions. */
export function searchRoutes(sessions: SessionService): Router {
  const router = Router();
  router.post('/sessions_by_patient_name', async (req, res) => {
    const { query, limit } = parseInput(searchByPatientNameBody, req.body);
    res.json({ sessions: await sessions.searchByPatientName(callerOf(req).uid, query, limit) });
  });
  return router;
}
