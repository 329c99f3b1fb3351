import { block } from '../prompt.ts';

/**
 * The template editor's AI helpers, answered deterministically from the request so tests can check the
 * answer follows the input: a pasted note is split on its headings, and section instructions are built
 * from the section's title and description.
 */
interface NotePart {
  title: string;
  lines: string[];
}

const BULLET = /^\s*(?:[-*•]|\d+[.)])\s+/;

/** "## Plan", "**Plan**", "PLAN", "Plan:" or "Plan: text" (a short title before a colon) start a section. */
function heading(line: string): { title: string; rest: string } | null {
  const trimmed = line.trim();
  const markdown = /^#{1,6}\s+(.+?)\s*#*$/.exec(trimmed);
  if (markdown) return { title: markdown[1]!.replace(/:$/, ''), rest: '' };
  const bold = /^\*\*(.+?)\*\*:?\s*(.*)$/.exec(trimmed);
  if (bold) return { title: bold[1]!.replace(/:$/, ''), rest: bold[2]! };
  if (/^[A-Z][A-Z0-9 /&()'-]{1,60}:?$/.test(trimmed) && /[A-Z]{2}/.test(trimmed)) return { title: titleCase(trimmed.replace(/:$/, '')), rest: '' };
  const colon = /^([A-Z][\p{L}0-9 /&()'-]{0,60}):\s*(.*)$/u.exec(trimmed);
  if (colon && colon[1]!.trim().split(/\s+/).length <= 5) return { title: colon[1]!.trim(), rest: colon[2]! };
  return null;
}

function titleCase(text: string): string {
  const lower = text.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

function splitNote(note: string): { preamble: string[]; parts: NotePart[] } {
  const preamble: string[] = [];
  const parts: NotePart[] = [];
  for (const line of note.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const h = heading(line);
    if (h) {
      parts.push({ title: h.title.trim(), lines: h.rest.trim() ? [h.rest.trim()] : [] });
    } else if (parts.length > 0) {
      parts[parts.length - 1]!.lines.push(line.trim());
    } else {
      preamble.push(line.trim());
    }
  }
  return { preamble, parts };
}

function words(text: string, n: number): string {
  const all = text.replace(BULLET, '').split(/\s+/).filter(Boolean);
  return all.slice(0, n).join(' ') + (all.length > n ? '…' : '');
}

function instructionsFor(part: NotePart, bullets: boolean): string {
  const topics = bullets ? part.lines.slice(0, 4).map((l) => words(l, 6)) : part.lines.slice(0, 2).map((l) => words(l, 12));
  return [
    `Write the ${part.title} section the way the example note does.`,
    topics.length > 0 ? `The example covered: ${topics.map((t) => `"${t}"`).join('; ')}.` : '',
    bullets ? 'Use one bullet per item.' : 'Write it as a short paragraph.',
    'Only include what the consultation supports; if it does not cover this, write "Not discussed."',
  ]
    .filter(Boolean)
    .join(' ');
}

/** generate_template_from_note: one section per heading of the pasted note, in order. */
export function generateTemplateFromNote(prompt: string) {
  const note = block(prompt, 'note') ?? '';
  const name = (block(prompt, 'name') ?? '').trim();
  const { preamble, parts } = splitNote(note);
  const found = parts.length > 0 ? parts : [{ title: 'Note', lines: preamble.splice(0) }];
  const sections = found.map((part) => {
    const bulletLines = part.lines.filter((l) => BULLET.test(l)).length;
    const bullets = part.lines.length > 0 && bulletLines * 2 >= part.lines.length;
    return { title: part.title, format: bullets ? 'bullets' : 'paragraph', instructions: instructionsFor(part, bullets) };
  });
  return {
    name: name || (preamble[0] ? words(preamble[0], 8) : `${sections[0]!.title} template`),
    description: `Drafted from an example note with ${sections.length} section${sections.length === 1 ? '' : 's'}: ${sections.map((s) => s.title).join(', ')}.`,
    category: 'general',
    sections,
  };
}

const HINTS: [RegExp, string][] = [
  [/medic|drug|prescri/i, 'List each medication with name, dose, route and frequency, and mark whether it is new, changed or stopped.'],
  [/allerg/i, 'List each allergy with the reaction; write "No known allergies" only if the patient said so.'],
  [/plan|next step|follow/i, 'List each action agreed: medications with dose, tests, referrals, advice, safety-netting and when to follow up.'],
  [/exam|objective|finding|vital/i, 'Record vital signs with units and examination findings by system, only as the clinician stated them.'],
  [/assess|impression|diagnos/i, 'Give the clinician\'s stated impression and their reasoning; never add a diagnosis of your own.'],
  [/history|hpi|subjective|complaint|symptom/i, 'Describe onset, duration, character, severity, what makes it better or worse, and associated symptoms, as the patient reported them.'],
  [/social/i, 'Cover smoking, alcohol, occupation, living situation and support, as stated.'],
];

/** help_me_write_section: instructions built from the section's title and what the clinician asked for. */
export function helpMeWriteSection(prompt: string) {
  const title = (block(prompt, 'title') ?? '').trim() || 'Section';
  const description = (block(prompt, 'description') ?? '').trim();
  const hint = HINTS.find(([pattern]) => pattern.test(title))?.[1] ?? `Summarise what the session says about ${title.toLowerCase()}.`;
  return {
    instructions: [
      `Document the "${title}" section.`,
      hint,
      description ? `Focus on what the clinician asked for: ${description.replace(/[.\s]+$/, '')}.` : '',
      'Leave out anything that belongs in another section.',
      `If the session does not cover ${title.toLowerCase()}, write "Not discussed."`,
    ]
      .filter(Boolean)
      .join(' '),
  };
}

/** Registered in tasks/index.ts. */
export const TEMPLATE_TASKS: Record<string, (prompt: string) => unknown> = {
  generate_template_from_note: generateTemplateFromNote,
  help_me_write_section: helpMeWriteSection,
};
