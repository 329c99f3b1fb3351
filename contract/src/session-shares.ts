// Sharing one session with a colleague (docs/clinics.md "Sharing a session"): opt-in, read-only, revocable, and
// only with a member of the same clinic. Every other access rule stays: a session not shared is 404 to every
// other member, the clinic's owner and admins included.
import { z } from 'zod';
import type { Documentation } from './documentation.js';
import { resourceId } from './fields.js';
import type { Session } from './sessions.js';
import type { Transcript } from './transcripts.js';

/** `POST /session/share` and `/session/unshare`: the owner's session and the colleague (a member's uid). */
export const shareSessionBody = z.strictObject({ sessionId: resourceId, colleagueUid: resourceId });

/** Someone a session is shared with, as its owner sees them. */
export interface SessionShare {
  sessionId: string;
  colleagueUid: string;
  colleagueName: string;
  sharedAt: string;
}

/** `POST /session/shares`: whom the owner's session is shared with. */
export interface SessionSharesResponse {
  shares: SessionShare[];
}

/** Who shared a session with the caller. */
export interface SharedBy {
  uid: string;
  displayName: string;
}

/** A session shared with the caller, as their "Shared with me" list shows it. */
export interface SharedSessionSummary {
  sessionId: string;
  patientName: string;
  title: string;
  createdAt: string;
  sharedBy: SharedBy;
  sharedAt: string;
}

/** `GET /shared/sessions`: sessions colleagues in the caller's clinic shared with them, newest share first. */
export interface SharedWithMeResponse {
  sessions: SharedSessionSummary[];
}

/**
 * `POST /shared/session`: one shared session to read (never to change): the session, its transcript and its
 * note as they are now (null where there is none yet), and who shared it.
 */
export interface SharedSessionResponse {
  session: Session;
  transcript: Transcript | null;
  documentation: Documentation | null;
  sharedBy: SharedBy;
  sharedAt: string;
}
