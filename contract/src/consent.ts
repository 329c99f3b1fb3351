// The patient's consent to being recorded (our extension; docs/privacy.md "Consent"): the profile's setting, the
// statement a clinician reads aloud, how consent was given, and what a session keeps of it. Labels only:
// the request bodies are in privacy-requests.ts (zod stays out of modules every page reads).

/** How the patient agreed: said so, or signed a form. */
export const CONSENT_METHODS = ['verbal', 'written'] as const;

export type ConsentMethod = (typeof CONSENT_METHODS)[number];

export const CONSENT_METHOD_LABELS = {
  verbal: 'Verbal',
  written: 'Written',
} as const satisfies Record<ConsentMethod, string>;

/** What the Record tab offers to read aloud until the clinician writes their own (Settings → Consent). */
export const DEFAULT_CONSENT_STATEMENT =
  'I use Charta, an AI assistant, to record our conversation so that it can draft my notes. The recording is ' +
  'stored securely, used only to write your notes, and deleted automatically once it is no longer needed. ' +
  'Is it all right with you if I record today?';

/** The field a `consent_required` refusal names: create_session's `consent`, which records it with the session. */
export const CONSENT_REQUIRED_FIELD = 'consent';

export const CONSENT_LIMITS = {
  /** The statement to read aloud: a paragraph, not a form. */
  statement: 1000,
} as const;

/** The profile's consent setting: whether to ask before recording, and what to read aloud. */
export interface ConsentSettings {
  /** "Ask for the patient's consent before recording": on by default; when on, the API refuses audio without it. */
  required: boolean;
  statement: string;
}

export const DEFAULT_CONSENT_SETTINGS: ConsentSettings = { required: true, statement: DEFAULT_CONSENT_STATEMENT };

/** What a session keeps of the consent given for it: how, when, and who confirmed it. */
export interface SessionConsent {
  method: ConsentMethod;
  confirmedAt: string;
  /** The signed-in clinician who confirmed it, and the name they had then (display name, else email). */
  confirmedByUid: string;
  confirmedByName: string;
}

const CONSENT_DATE_OPTIONS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' };

/**
 * The consent as a session's page and list say it: "Verbal consent confirmed by Dr Ana Ruiz, 3 Dec 2026, 10:02".
 * `timeZone` for tests and servers; the browser's own zone otherwise. `formatWhen`: a page's own date format,
 * so the consent's time reads like every other time on it.
 */
export function sessionConsentLabel(consent: SessionConsent, opts: { timeZone?: string; formatWhen?: (iso: string) => string } = {}): string {
  const when = opts.formatWhen
    ? opts.formatWhen(consent.confirmedAt)
    : new Intl.DateTimeFormat('en-GB', { ...CONSENT_DATE_OPTIONS, ...(opts.timeZone ? { timeZone: opts.timeZone } : {}) }).format(new Date(consent.confirmedAt));
  const by = consent.confirmedByName.trim() ? ` by ${consent.confirmedByName.trim()}` : '';
  return `${CONSENT_METHOD_LABELS[consent.method]} consent confirmed${by}, ${when}`;
}

/** The short form for a list row: "Verbal consent". */
export function sessionConsentShortLabel(consent: SessionConsent): string {
  return `${CONSENT_METHOD_LABELS[consent.method]} consent`;
}
