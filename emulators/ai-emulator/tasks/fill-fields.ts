import { saysNothingDiscussed } from '../../../contract/src/not-discussed.ts';
import { block, jsonBlock } from '../prompt.ts';

/**
 * TASK: fill_fields (magic fill), deterministic: a field whose label names one vital sign (systolic,
 * pulse, temperature, weight...) takes that measurement as the documentation states it, number and unit
 * ("38.5 °C"), whatever the field's unit, as the prompt asks (the API converts); each other field takes the
 * documentation section whose title shares the most words with its label (a few EHR synonyms help: "vital
 * signs" is the examination, "HPI" the history of present illness); a select or radio group takes the
 * option whose words the documentation mentions most; a date field takes an ISO date from the plan, or "in
 * N days/weeks/months" counted from <today>. Sections that say nothing ("Not discussed."), measurements the
 * note does not state and fields nothing matches are left out, as the real model is told.
 */
interface Field {
  key: string;
  label: string;
  type: string;
  options?: { value: string; label: string }[];
  maxLength?: number;
  unit?: string;
}

interface Section {
  title: string;
  content: string;
}

const STOP_WORDS = new Set(['the', 'of', 'and', 'or', 'a', 'an', 'to', 'in', 'for', 'on', 'with', 'date', 'current', 'primary', 'patient', 'unspecified', 'other']);
/** Label words an EHR uses for what a note section calls otherwise. */
const SYNONYMS: Record<string, string[]> = {
  vital: ['examination', 'objective', 'vitals', 'findings'],
  vitals: ['examination', 'objective', 'vital', 'findings'],
  hpi: ['history', 'present', 'illness'],
  meds: ['medications'],
  medication: ['medications'],
  diagnosis: ['assessment', 'diagnoses', 'impression'],
  impression: ['assessment'],
  complaint: ['reason', 'chief', 'subjective'],
  follow: ['plan'],
  subjective: ['history'],
};

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9.]+/)
    .map((w) => w.replace(/^\.+|\.+$/g, ''))
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w));


function bestSection(label: string, sections: readonly Section[]): Section | undefined {
  const wanted = new Set(words(label).flatMap((w) => [w, ...(SYNONYMS[w] ?? [])]));
  let best: { section: Section; score: number } | undefined;
  for (const section of sections) {
    const score = words(section.title).filter((w) => wanted.has(w)).length;
    if (score > 0 && (!best || score > best.score)) best = { section, score };
  }
  return best?.section;
}

function chooseOption(field: Field, sections: readonly Section[]): string | undefined {
  const said = new Set(words(sections.map((s) => s.content).join(' ')));
  let best: { value: string; score: number } | undefined;
  for (const option of field.options ?? []) {
    const score = words(option.label).filter((w) => w.length > 3 && said.has(w)).length + (said.has(option.value.toLowerCase()) ? 2 : 0);
    if (score > 0 && (!best || score > best.score)) best = { value: option.value, score };
  }
  return best?.value;
}

const UNIT_DAYS: Record<string, number> = { day: 1, days: 1, week: 7, weeks: 7, month: 30, months: 30 };
const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, ten: 10, twelve: 12 };

function dateFrom(text: string, today: string): string | undefined {
  const iso = /\b(\d{4}-\d{2}-\d{2})\b/.exec(text);
  if (iso) return iso[1];
  const rel = /\bin\s+(\d+|one|two|three|four|five|six|seven|eight|ten|twelve|a)\s+(days?|weeks?|months?)\b/i.exec(text);
  const base = Date.parse(`${today}T00:00:00Z`);
  if (!rel || Number.isNaN(base)) return undefined;
  const count = rel[1]!.toLowerCase() === 'a' ? 1 : (NUMBER_WORDS[rel[1]!.toLowerCase()] ?? Number(rel[1]));
  return new Date(base + count * UNIT_DAYS[rel[2]!.toLowerCase()]! * 86_400_000).toISOString().slice(0, 10);
}

/** Which vital sign a label asks for, most specific first ("Pulse oximetry" is oxygen, not pulse). */
const MEASURES: readonly (readonly [Measure, RegExp])[] = [
  ['systolic', /\bsystolic\b|\bsbp\b/i],
  ['diastolic', /\bdiastolic\b|\bdbp\b/i],
  ['bloodPressure', /\bblood pressure\b|\bbp\b/i],
  ['oxygen', /\bo2\b|\bspo2\b|\boxygen\b|\bsat(uration)?s?\b|\bpulse ox/i],
  ['respiration', /\brespirat|\bresp\b|\brr\b|\bbreath/i],
  ['pulse', /\bpulse\b|\bheart rate\b|\bhr\b/i],
  ['temperature', /\btemp(erature)?\b/i],
  ['weight', /\bweight\b|\bwt\b/i],
  ['height', /\bheight\b|\bht\b/i],
];
type Measure = 'systolic' | 'diastolic' | 'bloodPressure' | 'oxygen' | 'respiration' | 'pulse' | 'temperature' | 'weight' | 'height';

/** Up to a few words (no digits) between a measure's name and its number: "blood pressure of 128 over 82". */
const GAP = '[^\\d\\n]{0,16}?';
const NUMBER = '(\\d{1,3}(?:[.,]\\d+)?)';
const STATED: Record<Exclude<Measure, 'systolic' | 'diastolic'>, RegExp> = {
  bloodPressure: new RegExp(`\\b(?:blood pressure|bp)\\b${GAP}(\\d{2,3})\\s*(?:/|over)\\s*(\\d{2,3})`, 'i'),
  oxygen: new RegExp(`\\b(?:oxygen saturation|o2 sat(?:uration)?s?|spo2|sats?|saturation)\\b${GAP}${NUMBER}\\s*(%)?`, 'i'),
  respiration: new RegExp(`\\b(?:respiratory rate|respirations?|resp(?:iratory)? rate|rr)\\b${GAP}${NUMBER}`, 'i'),
  pulse: new RegExp(`\\b(?:pulse(?! ox)|heart rate|hr)\\b${GAP}${NUMBER}`, 'i'),
  temperature: new RegExp(`\\b(?:temp(?:erature)?)\\b${GAP}${NUMBER}\\s*(°\\s*[cf]\\b|º\\s*[cf]\\b|deg(?:rees?)?\\s*(?:celsius|fahrenheit|[cf]\\b)|celsius|fahrenheit|[cf]\\b)?`, 'i'),
  weight: new RegExp(`\\b(?:weight|weighs|wt)\\b${GAP}${NUMBER}\\s*(kg|kilograms?|lbs?|pounds?)\\b`, 'i'),
  height: new RegExp(`\\b(?:height|ht)\\b${GAP}${NUMBER}\\s*(cm|centimet(?:er|re)s?|inch(?:es)?|in)\\b`, 'i'),
};

/** The measurement a label asks for, as the documentation states it (number and the note's own unit), or undefined. */
function measurement(label: string, documentation: string): { asked: boolean; value?: string } {
  const measure = MEASURES.find(([, pattern]) => pattern.test(label))?.[0];
  if (!measure) return { asked: false };
  if (measure === 'systolic' || measure === 'diastolic') {
    const bp = STATED.bloodPressure.exec(documentation);
    return { asked: true, value: bp?.[measure === 'systolic' ? 1 : 2] };
  }
  const m = STATED[measure].exec(documentation);
  if (!m) return { asked: true };
  if (measure === 'bloodPressure') return { asked: true, value: `${m[1]}/${m[2]} mmHg` };
  const unit = m[2]?.trim();
  if (measure === 'temperature' && unit) return { asked: true, value: `${m[1]} °${/c/i.test(unit.replace(/deg(rees?)?/i, '')) ? 'C' : 'F'}` };
  return { asked: true, value: unit ? `${m[1]} ${unit}` : m[1] };
}

export function fillFields(prompt: string): { fields: { key: string; value: string }[] } {
  const fields = jsonBlock<Field[]>(prompt, 'fields', []);
  const sections = jsonBlock<Section[]>(prompt, 'documentation', []).filter((s) => s.content.trim() !== '' && !saysNothingDiscussed(s.content));
  const today = (block(prompt, 'today') ?? '').trim();
  const documentation = sections.map((s) => s.content).join('\n');
  const answers: { key: string; value: string }[] = [];
  for (const field of fields) {
    let value: string | undefined;
    const measured = field.type === 'text' || field.type === 'number' ? measurement(field.label, documentation) : { asked: false };
    // A field for one measurement takes that measurement or nothing: never a whole section.
    if (measured.asked) value = measured.value;
    else if (field.type === 'select' || field.type === 'radio') value = chooseOption(field, sections);
    else if (field.type === 'date') value = dateFrom((bestSection(field.label, sections) ?? { content: sections.map((s) => s.content).join('\n') }).content, today);
    else {
      const content = bestSection(field.label, sections)?.content.trim();
      if (content) value = field.type === 'textarea' || field.type === 'contenteditable' ? content : content.split('\n')[0]!.replace(/^-\s*/, '');
    }
    if (value) answers.push({ key: field.key, value });
  }
  return { fields: answers };
}
