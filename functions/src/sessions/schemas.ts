import { z } from 'zod';
import { languageTag, resourceId } from '../http/common-schemas.js';
import { SESSION_STATUSES } from './session.js';

const patientName = z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters');
const audioUri = z.string().min(1).max(1024);
const limit = (max: number, fallback: number) => z.coerce.number().int().min(1, `must be between 1 and ${max}`).max(max, `must be between 1 and ${max}`).default(fallback);

/** create_session arrives as multipart form fields (strings), or as JSON. */
export const createSessionBody = z.strictObject({
  patientName,
  templateId: resourceId,
  audio_uri: audioUri.optional(),
  language: languageTag.optional(),
});

export const sessionIdBody = z.strictObject({ sessionId: resourceId });

export const listSessionsBody = z.strictObject({
  limit: limit(100, 20),
  cursor: z.string().max(512).optional(),
  status: z.enum(SESSION_STATUSES).optional(),
});

export const updateSessionBody = z.strictObject({
  sessionId: resourceId,
  patientName: patientName.optional(),
  templateId: resourceId.optional(),
  language: languageTag.optional(),
  audio_uri: audioUri.optional(),
});

export const updateTitleBody = z.strictObject({
  sessionId: resourceId,
  title: z.string().trim().min(1, 'is required').max(300, 'must be at most 300 characters'),
});

export const deleteManyBody = z.strictObject({
  sessionIds: z.array(resourceId).min(1, 'must name at least one session').max(100, 'may name at most 100 sessions'),
});

export const searchByPatientNameBody = z.strictObject({
  query: z.string().trim().min(1, 'is required').max(200),
  limit: limit(100, 20),
});

const booleanField = z.enum(['true', 'false']).transform((v) => v === 'true');

/** upload_audio's form fields besides the file. */
export const uploadAudioFields = z.strictObject({
  name: z.string().max(255).optional(),
  uploadId: resourceId.optional(),
  chunkIndex: z.coerce.number().int().min(0, 'must be 0 or more').optional(),
  final: booleanField.optional(),
  sessionId: resourceId.optional(),
});
