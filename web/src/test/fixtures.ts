// The API's objects as tests need them: complete and valid, with overrides for what a test is about.
// Fictional people only.
import { DEFAULT_CONSENT_SETTINGS, DEFAULT_RETENTION_SETTINGS, type ClinicBilling, type ClinicMember, type ClinicRole, type Documentation, type Profile, type PublishedTemplate, type Session, type Subscription, type Template, type Transcript } from '@charta/contract';

export function session(overrides: Partial<Session> = {}): Session {
  return {
    id: 's1',
    patientName: 'María García',
    templateId: 'soap',
    language: 'en-US',
    title: 'María García · 21 Nov 2026',
    audio_uri: 'local://users/u1/audio/a.webm',
    audioDurationSec: 42,
    status: 'ready',
    error: null,
    documentationId: 's1',
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

export const transcript: Transcript = {
  sessionId: 's1',
  language: 'en-US',
  durationSec: 42,
  text: '',
  engine: 'emulator',
  segments: [
    { id: 'seg-1', speaker: 'clinician', startMs: 0, endMs: 4000, text: 'What brings you in today?' },
    { id: 'seg-2', speaker: 'patient', startMs: 4400, endMs: 9000, text: 'A dry cough for four days.' },
    { id: 'seg-3', speaker: 'patient', startMs: 65_000, endMs: 70_000, text: 'I am allergic to penicillin.' },
  ],
};

export function documentation(overrides: Partial<Documentation> = {}): Documentation {
  return {
    id: 's1',
    sessionId: 's1',
    templateId: 'soap',
    counter: 3,
    engine: 'emulator · note-v1',
    createdAt: '',
    updatedAt: '',
    sections: [
      {
        id: 'subjective',
        title: 'Subjective',
        content: 'Dry cough for four days.',
        evidence: [
          { segmentId: 'seg-3', quote: 'allergic to penicillin' },
          { segmentId: 'seg-2', quote: 'A dry cough for four days.' },
        ],
        updatedAt: '',
        sentences: [],
        flags: [],
      },
      { id: 'objective', title: 'Objective', content: 'Lungs clear.', evidence: [], updatedAt: '', sentences: [], flags: [] },
      { id: 'plan', title: 'Plan', content: 'Not discussed in this session.', evidence: [], updatedAt: '', sentences: [], flags: [] },
    ],
    ...overrides,
  };
}

export function template(overrides: Partial<Template> = {}): Template {
  return {
    id: 't1',
    name: 'Knee review',
    description: 'Orthopaedic follow-up',
    category: 'specialty',
    source: 'own',
    published: false,
    publishedTemplateId: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    sections: [
      { id: 'history', title: 'History', instructions: 'Onset and course.', format: 'paragraph' },
      { id: 'plan', title: 'Plan', instructions: 'What was agreed.', format: 'bullets' },
    ],
    ...overrides,
  };
}

/** Another clinician's entry in the community library. */
export function publishedTemplate(overrides: Partial<PublishedTemplate> = {}): PublishedTemplate {
  return {
    id: 'p1',
    templateId: 'theirs',
    name: 'CBT session note',
    description: 'For weekly CBT',
    category: 'mental-health',
    sections: template().sections,
    authorName: 'Dr Ana Patiño',
    addCount: 3,
    publishedAt: '2026-11-21T10:00:00.000Z',
    hiddenUntilReviewed: false,
    ...overrides,
  };
}

/** A built-in template. */
export const soap = template({ id: 'soap', name: 'SOAP note', source: 'builtin', category: 'general', description: 'The classic' });

export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    uid: 'u1',
    email: 'ada@example.com',
    displayName: 'Dr. Ada Lovelace',
    title: '',
    specialty: 'Family medicine',
    organization: 'Northside Clinic',
    defaultTemplateId: null,
    defaultLanguage: 'en-US',
    referralCode: 'ADA123',
    consent: DEFAULT_CONSENT_SETTINGS,
    retention: DEFAULT_RETENTION_SETTINGS,
    // Done: pages show the first-run step only to a clinician who has not seen it (its own tests say so).
    firstRunCompletedAt: '2026-01-01T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return { uid: 'u1', plan: 'free', status: 'none', currentPeriodEnd: null, cancelAtPeriodEnd: false, stripeCustomerId: null, ...overrides };
}

/** A clinic on no plan of its own (docs/clinics.md "Seats and billing"), with `seats` members. */
export function noClinicPlan(seats = 1): ClinicBilling {
  return { plan: 'free', status: 'none', seats, billedSeats: null, currentPeriodEnd: null, cancelAtPeriodEnd: false };
}

/** A clinic member (docs/clinics.md): uid, name and role; the address is made from the uid. */
export function clinicMember(uid: string, role: ClinicRole, displayName: string): ClinicMember {
  return { uid, displayName, email: `${uid}@clinic.example`, role, joinedAt: '2026-11-20T10:00:00.000Z' };
}
