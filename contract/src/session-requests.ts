// The request bodies of the session routes (docs/api.md "Sessions", "Search"), apart from sessions.ts on
// purpose: every page reads the statuses' labels and predicates, and a bundler puts a module's code in one
// chunk, so schemas living beside the labels brought zod and these schemas to the sign-in page (about 24 KB
// gzip) although only the session forms use them.
import { z } from 'zod';
import { cursorField, formInteger, nameText, pageLimit, resourceId } from './fields.js';
import { languageTag } from './languages.js';
import { SESSION_LIMITS, SESSION_STATUSES } from './sessions.js';
import { consentMethodField } from './privacy-requests.js';

// --- Requests ---------------------------------------------------------------------------------------------

/** The patient's name as every form that names a patient takes it (create_session, /creation, a session's edit). */
export const patientNameField = nameText(SESSION_LIMITS.patientName);
const audioUri = z.string().min(1).max(1024);
const sessionPageLimit = pageLimit(SESSION_LIMITS.pageSize, 20);

/** create_session arrives as multipart form fields (strings), or as JSON. */
export const createSessionBody = z.strictObject({
  patientName: patientNameField,
  templateId: resourceId,
  audio_uri: audioUri.optional(),
  language: languageTag.optional(),
  // Our extension (docs/privacy.md "Consent"): the patient agreed to this session's recording, and how. Required
  // with `audio_uri` while the clinician's consent setting is on (409 consent_required naming `consent`).
  consent: consentMethodField.optional(),
});

export const sessionIdBody = z.strictObject({ sessionId: resourceId });

/**
 * POST /session/live_transcript: `fromSec` (a previous answer's transcribedUntilSec) asks only for what came
 * after it, so polling reads only new windows.
 */
export const liveTranscriptBody = z.strictObject({ sessionId: resourceId, fromSec: z.number().min(0).max(86_400).optional() });

export const listSessionsBody = z.strictObject({
  limit: sessionPageLimit,
  cursor: cursorField,
  status: z.enum(SESSION_STATUSES).optional(),
});

export const updateSessionBody = z.strictObject({
  sessionId: resourceId,
  patientName: patientNameField.optional(),
  templateId: resourceId.optional(),
  language: languageTag.optional(),
  audio_uri: audioUri.optional(),
});

export const sessionTitleField = nameText(SESSION_LIMITS.title);

export const updateTitleBody = z.strictObject({ sessionId: resourceId, title: sessionTitleField });

export const deleteManyBody = z.strictObject({
  sessionIds: z
    .array(resourceId)
    .min(1, 'must name at least one session')
    .max(SESSION_LIMITS.deleteMany, `may name at most ${SESSION_LIMITS.deleteMany} sessions`),
});

export const searchByPatientNameBody = z.strictObject({
  query: z.string().trim().min(1, 'is required').max(SESSION_LIMITS.searchQuery),
  limit: sessionPageLimit,
});

const booleanField = z.enum(['true', 'false']).transform((v) => v === 'true');

/** A file's SHA-256 as hex (Web Crypto's digest, as the browser computes it before an upload). */
export const sha256Field = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in lowercase hexadecimal (64 characters)');

/** POST /session/upload_by_checksum: has the caller uploaded this file lately? */
export const uploadByChecksumBody = z.strictObject({ sha256: sha256Field });

/** upload_audio's form fields besides the file. */
export const uploadAudioFields = z.strictObject({
  name: z.string().max(255).optional(),
  uploadId: resourceId.optional(),
  chunkIndex: formInteger(Number.MAX_SAFE_INTEGER).optional(),
  final: booleanField.optional(),
  sessionId: resourceId.optional(),
  /**
   * The whole file's SHA-256, as the browser computed it (sent with a file's parts): kept on the upload from
   * its first part, so the same file uploaded again is found while or after it goes up.
   */
  sha256: sha256Field.optional(),
});
