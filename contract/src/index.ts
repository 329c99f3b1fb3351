// The API contract's resources (/api/v1, see the API contract: Resources), as the API returns them and the
// web app reads them. One definition for both sides, so a change to a shape breaks the compile on both.
// Types only: the API's Cloud Functions deploy does not ship this package, so nothing here may exist at
// run time (import it with `import type`).

// --- Errors -----------------------------------------------------------------------------------------------

export type ErrorCode =
  | 'invalid_argument'
  | 'unauthenticated'
  | 'permission_denied'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'internal'
  | 'unavailable';

/** Every non-2xx answer: `{ error: { code, message, field? } }`. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; field?: string };
}

// --- Sessions ---------------------------------------------------------------------------------------------

export type SessionStatus = 'draft' | 'uploaded' | 'transcribing' | 'generating' | 'ready' | 'failed';

/** A recorded (or typed) clinical session. */
export interface Session {
  id: string;
  patientName: string;
  templateId: string;
  language: string;
  title: string;
  audio_uri: string | null;
  audioDurationSec: number | null;
  status: SessionStatus;
  error: { code: string; message: string } | null;
  documentationId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SessionResponse {
  session: Session;
}

/** `POST /session/sessions`: newest first. */
export interface SessionsPage {
  sessions: Session[];
  nextCursor: string | null;
}

// --- Transcripts ------------------------------------------------------------------------------------------

/** Segment ids are what documentation cites as evidence. */
export interface TranscriptSegment {
  id: string;
  /** "clinician", "patient", "speaker 2", or a name from pasted text; "note" for typed paragraphs. */
  speaker: string;
  startMs: number;
  endMs: number;
  text: string;
}

export interface Transcript {
  sessionId: string;
  language: string;
  durationSec: number;
  text: string;
  /** Which recogniser made it; "typed-text" for notes pasted through /creation (no audio, no timings). */
  engine: string;
  segments: TranscriptSegment[];
}

// --- Documentation ----------------------------------------------------------------------------------------

export interface Evidence {
  segmentId: string;
  quote: string;
}

export interface DocumentationSection {
  id: string;
  title: string;
  content: string;
  /** The transcript segments that support the section; empty means "check this: nothing supports it". */
  evidence: Evidence[];
  updatedAt: string;
}

/** Documentation written for a session, section by section. */
export interface Documentation {
  id: string;
  sessionId: string;
  templateId: string;
  /** Starts at 1 and goes up by one on every change; writes may send it so a stale copy gets 409 instead of overwriting. */
  counter: number;
  /** Which model and prompt wrote it ("gemini-2.5-flash · note-v1"). */
  engine: string;
  createdAt: string;
  updatedAt: string;
  sections: DocumentationSection[];
}

// --- Templates --------------------------------------------------------------------------------------------

export type SectionFormat = 'paragraph' | 'bullets';

export type TemplateSource = 'builtin' | 'own' | 'library' | 'shared';

export interface TemplateSection {
  id: string;
  title: string;
  instructions: string;
  format: SectionFormat;
}

export interface Template {
  id: string;
  name: string;
  description: string;
  category: string;
  source: TemplateSource;
  published: boolean;
  publishedTemplateId: string | null;
  createdAt: string;
  updatedAt: string;
  sections: TemplateSection[];
}

/** `POST /template/get_templates`: the caller's templates (and, on the first page, the built-ins). */
export interface TemplatesPage {
  templates: Template[];
  nextCursor: string | null;
}

/** A snapshot in the community library. */
export interface PublishedTemplate {
  id: string;
  templateId: string;
  name: string;
  description: string;
  category: string;
  sections: TemplateSection[];
  authorName: string;
  addCount: number;
  publishedAt: string;
}

/** `POST /template/published/list`. */
export interface LibraryPage {
  templates: PublishedTemplate[];
  nextCursor: string | null;
}

// --- Profile and subscription -----------------------------------------------------------------------------

/** The clinician's profile. */
export interface Profile {
  uid: string;
  email: string | null;
  displayName: string;
  specialty: string;
  organization: string;
  defaultTemplateId: string | null;
  defaultLanguage: string;
  referralCode: string;
  createdAt: string;
  updatedAt: string;
}

export interface ProfileResponse {
  profile: Profile;
}

export type SubscriptionPlan = 'free' | 'pro';
export type SubscriptionStatus = 'none' | 'trialing' | 'active' | 'past_due' | 'canceled';

/** Plan and billing state. Billing (Stripe) writes it; users only read and cancel. */
export interface Subscription {
  uid: string;
  plan: SubscriptionPlan;
  status: SubscriptionStatus;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  stripeCustomerId: string | null;
}

export interface SubscriptionResponse {
  subscription: Subscription;
}
