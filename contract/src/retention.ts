// How long Charta keeps each kind of patient data (our extension; docs/privacy.md "Retention"): the choices, the
// defaults, when something is due, and how a clinician reads what retention deleted. Labels and
// arithmetic only: the request bodies are in privacy-requests.ts.

/**
 * Audio and transcript: deleted when the note is ready (0), so many days after it, or kept (null). Their
 * clock starts when the session's note is first ready: until then the audio may still be needed to make it.
 */
export const PART_RETENTION_CHOICES = [0, 1, 7, 30, 90, null] as const;
export type PartRetentionDays = (typeof PART_RETENTION_CHOICES)[number];

/** The whole session with its note (and whatever is left of it): so many days after it was made, or kept. */
export const SESSION_RETENTION_CHOICES = [30, 90, 365, null] as const;
export type SessionRetentionDays = (typeof SESSION_RETENTION_CHOICES)[number];

export interface RetentionSettings {
  audioDays: PartRetentionDays;
  transcriptDays: PartRetentionDays;
  sessionDays: SessionRetentionDays;
}

/**
 * What a privacy officer would choose (docs/privacy.md "Retention" argues each): the audio a week after the note is
 * ready (time to listen again while checking and signing the note, not longer), the transcript a month (the
 * note's evidence while questions about it come), and the whole session after 90 days (Charta is not the
 * record of care: the note lives in the EHR).
 */
export const DEFAULT_RETENTION_SETTINGS: RetentionSettings = { audioDays: 7, transcriptDays: 30, sessionDays: 90 };

export const RETENTION_KINDS = ['audio', 'transcript', 'session'] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

/** Which setting governs each kind. */
export const RETENTION_SETTING_OF = {
  audio: 'audioDays',
  transcript: 'transcriptDays',
  session: 'sessionDays',
} as const satisfies Record<RetentionKind, keyof RetentionSettings>;

export const RETENTION_KIND_LABELS = {
  audio: 'Audio',
  transcript: 'Transcript',
  session: 'Sessions and their notes',
} as const satisfies Record<RetentionKind, string>;

/** The choices of each kind's setting, as Settings offers them. */
export const RETENTION_CHOICES_OF = {
  audio: PART_RETENTION_CHOICES,
  transcript: PART_RETENTION_CHOICES,
  session: SESSION_RETENTION_CHOICES,
} as const satisfies Record<RetentionKind, readonly (number | null)[]>;

/** Each setting's field in Settings → Retention. */
export const RETENTION_FIELD_LABELS = {
  audio: 'Keep the audio',
  transcript: 'Keep the transcript',
  session: 'Keep whole sessions with their notes',
} as const satisfies Record<RetentionKind, string>;

export const DAY_MS = 24 * 60 * 60 * 1000;

const dayCount = (days: number) => (days === 365 ? '1 year' : days === 1 ? '1 day' : `${days} days`);

/** A choice as Settings lists it: "When the note is ready", "7 days after the note is ready", "Keep until I delete it". */
export function retentionChoiceLabel(kind: RetentionKind, days: number | null): string {
  if (days === null) return 'Keep until I delete it';
  if (kind === 'session') return `${dayCount(days)} after the session`;
  return days === 0 ? 'When the note is ready' : `${dayCount(days)} after the note is ready`;
}

/** The settings in one sentence, as sign-up and Settings say them. */
export function retentionSummary(settings: RetentionSettings): string {
  const part = (days: number | null, what: string) =>
    days === null ? `keeps ${what} until you delete it` : days === 0 ? `deletes ${what} when the note is ready` : `deletes ${what} ${dayCount(days)} after the note is ready`;
  const sessions = settings.sessionDays === null ? 'keeps sessions and their notes until you delete them' : `deletes whole sessions with their notes ${dayCount(settings.sessionDays)} after they were made`;
  return `Charta ${part(settings.audioDays, 'the audio')}, ${part(settings.transcriptDays, 'the transcript')}, and ${sessions}.`;
}

/** Whether changing a setting from `from` to `to` days deletes sooner (null, keeping, is the longest). */
export function isShorterRetention(from: number | null, to: number | null): boolean {
  if (to === null) return false;
  return from === null || to < from;
}

/** The kinds a change of settings would delete sooner: what Settings asks about before saving. */
export function shortenedRetentionKinds(from: RetentionSettings, to: RetentionSettings): RetentionKind[] {
  return RETENTION_KINDS.filter((kind) => isShorterRetention(from[RETENTION_SETTING_OF[kind]], to[RETENTION_SETTING_OF[kind]]));
}

/**
 * The moment a part kept for `days` is due: anything held since this moment or before is deleted. A part is
 * due once it is exactly `days` old (0: at once).
 */
export function retentionCutoff(days: number, now: Date): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** What retention deleted of a session, and under which setting (the number of days, 0 for "when the note is ready"). */
export interface RetentionDeletion {
  deletedAt: string;
  afterDays: number;
}

export interface SessionRetentionDeletions {
  audio: RetentionDeletion | null;
  transcript: RetentionDeletion | null;
}

export const NO_RETENTION_DELETIONS: SessionRetentionDeletions = { audio: null, transcript: null };

/** POST /profile/retention/impact: how many sessions a setting would delete from (each kind apart). */
export interface RetentionImpact {
  audio: number;
  transcript: number;
  sessions: number;
}

const DELETED_DATE = (withYear: boolean, timeZone?: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}), ...(timeZone ? { timeZone } : {}) });

/**
 * What the session page and list say where a deleted part was: "Audio deleted on 3 Dec (your 7-day setting)".
 * The year only when it is not this year's (`now`).
 */
export function retentionDeletionLabel(part: 'audio' | 'transcript', deletion: RetentionDeletion, opts: { now?: Date; timeZone?: string } = {}): string {
  const at = new Date(deletion.deletedAt);
  const now = opts.now ?? new Date();
  const year = (d: Date) => Number(new Intl.DateTimeFormat('en-GB', { year: 'numeric', ...(opts.timeZone ? { timeZone: opts.timeZone } : {}) }).format(d));
  const day = DELETED_DATE(year(at) !== year(now), opts.timeZone).format(at);
  const what = part === 'audio' ? 'Audio' : 'Transcript';
  const setting = deletion.afterDays === 0 ? 'your “when the note is ready” setting' : `your ${deletion.afterDays}-day setting`;
  return `${what} deleted on ${day} (${setting})`;
}
