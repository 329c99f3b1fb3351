/**
 * Which built-in template a run writes with: the one whose section titles best match the headings of the
 * split's reference notes (ACI-Bench's notes are headed CHIEF COMPLAINT, HISTORY OF PRESENT ILLNESS,
 * REVIEW OF SYSTEMS, PHYSICAL EXAM, RESULTS, ASSESSMENT AND PLAN...).
 *
 * A heading and a title are compared by their words (lower case; "of", "and", "the" left out; "exam" is
 * "examination", "impression" "assessment", "vitals" "examination"): the share of words they have in
 * common (Jaccard). Each heading counts with its best-matching section, once per note that has it (recall:
 * how much of what the notes hold has a place in the template); each section counts as matched when some
 * heading matches it at least half (precision: how little of the template is for things the notes never
 * hold). The score is their harmonic mean, so neither a template of everything nor one of two sections
 * wins. The whole split decides, not the `--limit`ed part, so a short run writes as the full run does.
 */
import { builtinTemplates } from '../../functions/src/templates/builtin-templates.js';

/** An all-capitals line of its own: how ACI-Bench's reference notes head their sections. */
export function noteHeadings(note: string): string[] {
  const headings = note
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => /^[A-Z][A-Z &/,-]{2,60}$/.test(line) && /[A-Z]{3}/.test(line));
  return [...new Set(headings)];
}

const FILLER = new Set(['of', 'and', 'the', 'a', 'to', 'for', 'given']);
const SAME_AS: Record<string, string> = { exam: 'examination', impression: 'assessment', vitals: 'examination', vital: 'examination', signs: 'examination' };

function titleWords(title: string): Set<string> {
  const words = title
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w && !FILLER.has(w))
    .map((w) => SAME_AS[w] ?? w);
  return new Set(words);
}

export function titleSimilarity(a: string, b: string): number {
  const wa = titleWords(a);
  const wb = titleWords(b);
  if (wa.size === 0 || wb.size === 0) return 0;
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared++;
  return shared / (wa.size + wb.size - shared);
}

export interface TemplateScore {
  templateId: string;
  /** Share of heading occurrences with a place in the template (each weighted by its best match). */
  recall: number;
  /** Share of the template's sections some heading matches at least half. */
  precision: number;
  score: number;
}

export interface TemplateChoice {
  templateId: string;
  /** Every built-in, best first. */
  scores: TemplateScore[];
  /** The headings that decided, with the number of notes that have each. */
  headings: Record<string, number>;
}

export function chooseTemplate(referenceNotes: readonly string[]): TemplateChoice {
  const headingCounts = new Map<string, number>();
  for (const note of referenceNotes) for (const h of noteHeadings(note)) headingCounts.set(h, (headingCounts.get(h) ?? 0) + 1);
  const occurrences = [...headingCounts.values()].reduce((a, b) => a + b, 0);
  const scores = builtinTemplates().map((template): TemplateScore => {
    let covered = 0;
    const matchedSections = new Set<string>();
    for (const [heading, count] of headingCounts) {
      let best = 0;
      for (const section of template.sections) {
        const similarity = titleSimilarity(heading, section.title);
        best = Math.max(best, similarity);
        if (similarity >= 0.5) matchedSections.add(section.id);
      }
      covered += best * count;
    }
    const recall = occurrences === 0 ? 0 : covered / occurrences;
    const precision = matchedSections.size / template.sections.length;
    const score = recall + precision === 0 ? 0 : (2 * recall * precision) / (recall + precision);
    return { templateId: template.id, recall, precision, score };
  });
  // Stable for ties: the built-ins' own order (SOAP first) decides.
  const ranked = scores.map((s, order) => ({ s, order })).sort((a, b) => b.s.score - a.s.score || a.order - b.order).map(({ s }) => s);
  return { templateId: ranked[0]!.templateId, scores: ranked, headings: Object.fromEntries([...headingCounts].sort((a, b) => b[1] - a[1])) };
}
