import { NOT_DISCUSSED_INSTRUCTION, NOT_DISCUSSED_SHORT } from '@charta/contract';
import type { Template, TemplateCategory, TemplateDefinition, TemplateSection } from './template.js';

/**
 * The built-in templates: the same for every user, read-only, versioned here in the code. Each section's
 * instructions brief the scribe the way an experienced clinician would: what belongs there, what does not,
 * the format, and what to write when the session did not cover it.
 *
 * Ids are stable (sessions and profiles store them). Change a template's text, bump its `version`:
 * documentation records the version it was written with.
 */
interface BuiltinTemplate {
  id: string;
  version: string;
  name: string;
  description: string;
  category: TemplateCategory;
  sections: TemplateSection[];
}

const paragraph = (id: string, title: string, instructions: string): TemplateSection => ({ id, title, instructions, format: 'paragraph' });
const bullets = (id: string, title: string, instructions: string): TemplateSection => ({ id, title, instructions, format: 'bullets' });

const soap: BuiltinTemplate = {
  id: 'soap',
  version: 'soap-v1',
  name: 'SOAP note',
  description: 'The classic four-part consultation note: what the patient said, what was found, what the clinician thinks, and what happens next.',
  category: 'general',
  sections: [
    paragraph(
      'subjective',
      'Subjective',
      'The patient\'s account. Open with the chief complaint in one sentence, then the history of the presenting complaint: onset, duration, character, severity, what makes it better or worse, associated symptoms and what has been tried. Add relevant past history, current medications and allergies as the patient reports them, and the pertinent negatives the clinician asked about ("denies chest pain"). Attribute rather than assert ("reports", "denies"). Leave out examination findings, test results and the clinician\'s interpretation. ' +
        NOT_DISCUSSED_INSTRUCTION,
    ),
    bullets(
      'objective',
      'Objective',
      'Only what was observed or measured in this encounter: vital signs with units, examination findings grouped by system exactly as the clinician stated them, and results reviewed during the visit with their dates. Record a normal finding only when the clinician said it. No symptoms the patient reports and no interpretation. If nothing was examined or measured, write "No examination findings recorded."',
    ),
    paragraph(
      'assessment',
      'Assessment',
      'The clinician\'s impression: the working diagnosis or problem list, the reasoning they gave, the differentials they mentioned and any change since the last visit. Use only diagnoses the clinician stated or clearly agreed with; never add one of your own or upgrade "possible" to "confirmed". If no assessment was voiced, write "Assessment not stated in the session."',
    ),
    bullets(
      'plan',
      'Plan',
      'One bullet per action agreed in the session: medications started, changed or stopped (name, dose, route, frequency, duration), tests and referrals ordered, advice and self-care, safety-netting (what should make the patient seek help, and how urgently) and the follow-up interval. Group by problem when there are several. Include options that were considered and declined only when the decision matters clinically ("antibiotics not indicated"). If no plan was discussed, write "No plan discussed."',
    ),
  ],
};

const historyAndPhysical: BuiltinTemplate = {
  id: 'history-and-physical',
  version: 'history-and-physical-v1',
  name: 'History and Physical',
  description: 'A complete new-patient or admission work-up, from the chief complaint to the plan.',
  category: 'hospital',
  sections: [
    paragraph('chief-complaint', 'Chief complaint', 'The main reason for the visit in one short sentence, in the patient\'s words where possible, with its duration ("Cough for four days"). No history, findings or diagnosis here. ' + NOT_DISCUSSED_INSTRUCTION),
    paragraph(
      'history-of-present-illness',
      'History of present illness',
      'A chronological narrative of the presenting problem: onset, location, duration, character, aggravating and relieving factors, radiation, timing, severity, associated symptoms, treatments tried and their effect, and the pertinent negatives the clinician asked about. Keep the past medical history and the examination out of it. ' +
        NOT_DISCUSSED_INSTRUCTION,
    ),
    bullets('past-medical-history', 'Past medical history', 'Chronic conditions, previous significant illnesses, operations and hospital admissions, each with a year when given. Only conditions mentioned in the session. If none were mentioned, write "' + NOT_DISCUSSED_SHORT + '"'),
    bullets(
      'medications',
      'Medications',
      'Every current medication mentioned, one per bullet: name, dose, route, frequency and what it is for when stated; include over-the-counter and herbal products and note adherence problems the patient mentions. Do not include medications newly prescribed today (they belong in the plan). If none were mentioned, write "' + NOT_DISCUSSED_SHORT + '"',
    ),
    bullets('allergies', 'Allergies', 'Each drug, food or other allergy with the reaction when stated ("Penicillin: rash"). Write "No known allergies" only when the patient said so; if allergies were not asked about, write "' + NOT_DISCUSSED_SHORT + '"'),
    bullets('family-history', 'Family history', 'Conditions in first-degree relatives relevant to the presentation or to screening, with the relative and age at onset when stated. ' + NOT_DISCUSSED_INSTRUCTION),
    bullets('social-history', 'Social history', 'Smoking (pack-years if given), alcohol (units per week), other substances, occupation, living situation, support, and functional independence, as stated. No judgement words. ' + NOT_DISCUSSED_INSTRUCTION),
    bullets(
      'review-of-systems',
      'Review of systems',
      'One bullet per body system that was asked about, listing the positives and the pertinent negatives ("Respiratory: cough; no haemoptysis or wheeze"). Leave out systems nobody asked about rather than assuming they were negative. ' + NOT_DISCUSSED_INSTRUCTION,
    ),
    bullets(
      'physical-examination',
      'Physical examination',
      'General appearance and vital signs with units first, then findings by system exactly as the clinician described them. Record normal findings only when stated. No interpretation. If no examination took place, write "No examination recorded."',
    ),
    paragraph('assessment', 'Assessment', 'The clinician\'s summary and impression: the most likely diagnosis with the supporting features they named, and the differentials they mentioned. Never add a diagnosis the clinician did not voice. If none was stated, write "Assessment not stated in the session."'),
    bullets('plan', 'Plan', 'Investigations, treatments (drug, dose, route, frequency), referrals, monitoring, patient education and follow-up, one action per bullet and grouped by problem when there are several. If no plan was discussed, write "No plan discussed."'),
  ],
};

const progressNote: BuiltinTemplate = {
  id: 'progress-note',
  version: 'progress-note-v1',
  name: 'Progress note',
  description: 'A follow-up visit: what changed since last time, how treatment is working, and the next steps.',
  category: 'primary-care',
  sections: [
    paragraph(
      'interval-history',
      'Interval history',
      'What has happened since the last visit: new or changed symptoms, response to and side effects of current treatment, adherence, results received and any other care sought in between. Stick to what the patient and clinician said. ' + NOT_DISCUSSED_INSTRUCTION,
    ),
    bullets('current-medications', 'Current medications', 'The medications the patient is taking now as discussed, with dose and frequency, marking any the patient stopped or takes differently from prescribed. ' + NOT_DISCUSSED_INSTRUCTION),
    bullets('examination', 'Examination', 'Vital signs with units and the examination findings stated in this visit, by system. Record normal findings only when stated. If nothing was examined, write "No examination recorded."'),
    bullets('results', 'Results reviewed', 'Laboratory, imaging or other results discussed in the visit, each with its value, date and the clinician\'s comment on it when given. If no results were discussed, write "No results reviewed."'),
    paragraph('assessment', 'Assessment', 'For each problem addressed, its current status in the clinician\'s words (improving, stable, worse, resolved) and the reason given. No diagnoses the clinician did not state. If not stated, write "Assessment not stated in the session."'),
    bullets('plan', 'Plan', 'Per problem: medication changes with dose, tests, referrals, advice, safety-netting and when the next review is. One action per bullet. If no plan was discussed, write "No plan discussed."'),
  ],
};

const dap: BuiltinTemplate = {
  id: 'dap',
  version: 'dap-v1',
  name: 'Psychotherapy progress note (DAP)',
  description: 'Data, Assessment, Plan: a concise therapy session note that stands up to review.',
  category: 'mental-health',
  sections: [
    paragraph(
      'data',
      'Data',
      'What happened in the session, factually: the themes the client brought, relevant statements (short quotes where they matter), observed affect and behaviour, risk topics discussed and the interventions the therapist used. Write neutrally ("client reported", "therapist reflected"), leave out interpretation and any third party\'s identifying details. ' +
        NOT_DISCUSSED_INSTRUCTION,
    ),
    paragraph(
      'assessment',
      'Assessment',
      'The therapist\'s clinical understanding as voiced in the session: progress toward the treatment goals, change in symptoms or functioning, response to the interventions, and risk (suicidal or self-harm ideation, harm to others) with the level the therapist stated. Never infer a risk level or a diagnosis that was not stated; if risk was not discussed, say "Risk not assessed in this session."',
    ),
    bullets('plan', 'Plan', 'What was agreed: homework or practice between sessions, focus of the next session, referrals or coordination with other clinicians, safety plan changes, and the date or interval of the next appointment. If no plan was discussed, write "No plan discussed."'),
  ],
};

const birp: BuiltinTemplate = {
  id: 'birp',
  version: 'birp-v1',
  name: 'BIRP note',
  description: 'Behavior, Intervention, Response, Plan: a behavioural-health note centred on what was done and how the client responded.',
  category: 'mental-health',
  sections: [
    paragraph('behavior', 'Behavior', 'The client\'s presentation and what they reported: presenting concerns in their words, mood and affect as observed, notable behaviour in the session, and stressors or events since the last session. Observations, not interpretations. ' + NOT_DISCUSSED_INSTRUCTION),
    bullets('intervention', 'Intervention', 'The therapeutic techniques the clinician used in this session (for example cognitive restructuring, motivational interviewing, psychoeducation, grounding), each with what it addressed. Only interventions that took place. ' + NOT_DISCUSSED_INSTRUCTION),
    paragraph('response', 'Response', 'How the client responded to the interventions: engagement, insight, what they agreed or disagreed with, skills they practised and any change in mood during the session, with short quotes where they carry meaning. ' + NOT_DISCUSSED_INSTRUCTION),
    bullets('plan', 'Plan', 'Next steps: homework, goals for the next session, referrals, safety planning and the next appointment. If no plan was discussed, write "No plan discussed."'),
  ],
};

const referralLetter: BuiltinTemplate = {
  id: 'referral-letter',
  version: 'referral-letter-v1',
  name: 'Referral letter',
  description: 'A letter to a colleague that says what you are asking for and gives them what they need to decide.',
  category: 'letters',
  sections: [
    paragraph(
      'reason-for-referral',
      'Reason for referral',
      'One or two sentences addressed to the receiving clinician: the problem, what the referring clinician is asking for (opinion, investigation, treatment, takeover of care) and the urgency they stated. Write in the first person of the referring clinician ("I would be grateful if you could see..."). If the reason was not stated, write "Reason for referral not stated in the session."',
    ),
    paragraph('history', 'History', 'The history of the problem relevant to the question: onset and course, treatments tried and their effect, and relevant past history. Concise, in prose, no bullet lists. ' + NOT_DISCUSSED_INSTRUCTION),
    paragraph('findings', 'Examination and investigations', 'Relevant examination findings and investigation results with dates and values, as discussed. If none were discussed, write "No examination findings or results discussed."'),
    bullets('medications-and-allergies', 'Medications and allergies', 'Current medications with dose and frequency, then allergies with the reaction. Write "No known allergies" only if said. ' + NOT_DISCUSSED_INSTRUCTION),
    paragraph('patient-expectations', 'Patient\'s understanding and wishes', 'What the patient has been told, what they expect from the referral and any preferences (interpreter, accessibility, timing) they mentioned. ' + NOT_DISCUSSED_INSTRUCTION),
  ],
};

const patientSummary: BuiltinTemplate = {
  id: 'patient-summary',
  version: 'patient-summary-v1',
  name: 'Patient summary',
  description: 'A plain-language summary for the patient to take home: what was found, what to do and when to get help.',
  category: 'patient-facing',
  sections: [
    paragraph(
      'what-we-talked-about',
      'What we talked about',
      'Speak to the patient as "you", in plain words a 12-year-old could follow: short sentences, no abbreviations or medical jargon (say "high blood pressure", not "hypertension"). Summarise why they came and what they told us. Nothing that was not said in the visit. ' + NOT_DISCUSSED_INSTRUCTION,
    ),
    paragraph('what-we-found', 'What we found', 'In plain words, what the examination or tests showed and what the clinician thinks is going on, with the same level of certainty the clinician used ("probably", "we are not sure yet"). Do not add worries or diagnoses that were not mentioned. ' + NOT_DISCUSSED_INSTRUCTION),
    bullets(
      'what-to-do-next',
      'What to do next',
      'One short instruction per bullet, starting with a verb: medicines to take (name, how much, how often, for how long), things to do at home, tests or appointments to book and when. ' + NOT_DISCUSSED_INSTRUCTION,
    ),
    bullets('when-to-get-help', 'When to get help', 'The warning signs the clinician mentioned and what to do for each (call the practice, call emergency services), in plain words. If the clinician gave no warning signs, write "If you are worried or feel worse, contact your clinic."'),
  ],
};

const dischargeSummary: BuiltinTemplate = {
  id: 'discharge-summary',
  version: 'discharge-summary-v1',
  name: 'Discharge summary',
  description: 'What the next clinician needs when a patient leaves hospital: why they came, what was done, and what happens now.',
  category: 'hospital',
  sections: [
    paragraph('admission', 'Reason for admission', 'Why the patient was admitted: presenting complaint and the key findings at admission, with the admission date when stated. ' + NOT_DISCUSSED_INSTRUCTION),
    bullets('diagnoses', 'Diagnoses', 'The principal diagnosis first, then secondary diagnoses and complications, exactly as the clinicians named them. No diagnoses of your own. ' + NOT_DISCUSSED_INSTRUCTION),
    paragraph('hospital-course', 'Hospital course', 'A brief, chronological account of the stay by problem: treatments given, response, significant events and complications. No day-by-day diary. ' + NOT_DISCUSSED_INSTRUCTION),
    bullets('procedures', 'Procedures', 'Procedures and operations performed, each with the date and outcome when stated. If none were mentioned, write "No procedures mentioned."'),
    bullets(
      'discharge-medications',
      'Medications on discharge',
      'Every medication the patient goes home on with dose, route and frequency, and mark each as new, changed (say how) or unchanged; list medications stopped during the stay with the reason. ' + NOT_DISCUSSED_INSTRUCTION,
    ),
    paragraph('condition-at-discharge', 'Condition at discharge', 'The patient\'s state on leaving: clinical status, mobility and function, and where they are going (home, care facility). ' + NOT_DISCUSSED_INSTRUCTION),
    bullets(
      'follow-up',
      'Follow-up and pending results',
      'Appointments booked or to be booked (with whom and when), results still pending and who will act on them, and actions requested of the primary care clinician. ' + NOT_DISCUSSED_INSTRUCTION,
    ),
    bullets('patient-instructions', 'Instructions given to the patient', 'What the patient was told to do and watch for at home, including when to return. ' + NOT_DISCUSSED_INSTRUCTION),
  ],
};

const BUILTINS: readonly BuiltinTemplate[] = [soap, historyAndPhysical, progressNote, dap, birp, referralLetter, patientSummary, dischargeSummary];
const BY_ID = new Map(BUILTINS.map((t) => [t.id, t]));

/** When the built-ins first shipped; they are the same for every user, so their dates are fixed. */
const BUILTIN_EPOCH = '2026-01-01T00:00:00.000Z';

export function isBuiltinId(templateId: string): boolean {
  return BY_ID.has(templateId);
}

export const BUILTIN_TEMPLATE_IDS: readonly string[] = BUILTINS.map((t) => t.id);

function toTemplate(t: BuiltinTemplate): Template {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    category: t.category,
    source: 'builtin',
    published: false,
    publishedTemplateId: null,
    createdAt: BUILTIN_EPOCH,
    updatedAt: BUILTIN_EPOCH,
    sections: t.sections.map((s) => ({ ...s })),
  };
}

export function builtinTemplates(): Template[] {
  return BUILTINS.map(toTemplate);
}

export function builtinTemplate(templateId: string): Template | null {
  const t = BY_ID.get(templateId);
  return t ? toTemplate(t) : null;
}

export function builtinDefinition(templateId: string): TemplateDefinition | null {
  const t = BY_ID.get(templateId);
  return t ? { id: t.id, name: t.name, version: t.version, sections: t.sections.map((s) => ({ ...s })) } : null;
}
