/**
 * What a note says where the session did not cover a section, and how every side recognises it: the note
 * prompts and built-in templates ask for it, the AI emulator writes it, magic fill and the fact check leave
 * it out, the web app shows it as nothing to check. Spelled once, here.
 */

/** The note's words for a section nothing in the transcript belongs in (the system instruction asks for them exactly). */
export const NOT_DISCUSSED = 'Not discussed in this session.';

/** Its short form, which the built-in templates' section instructions ask for. */
export const NOT_DISCUSSED_SHORT = 'Not discussed.';

/** A section instruction's last sentence: what to write when the session does not cover the section. */
export const NOT_DISCUSSED_INSTRUCTION = `If the session does not cover this, write "${NOT_DISCUSSED_SHORT}" and nothing else.`;

/**
 * Verbs of record-keeping: "Not discussed in this session", "No examination findings recorded", "Assessment
 * not stated", "Risk not assessed in this session" say the session did not cover something, not that a
 * finding is absent. "Reported" and "noted" are not among them: "no pain reported" and "no edema noted" are
 * a finding's absence, a clinical statement.
 */
export const NOTHING_RECORDED_VERBS: readonly string[] = ['discussed', 'stated', 'recorded', 'documented', 'mentioned', 'covered', 'addressed', 'assessed', 'reviewed', 'asked'];

const ABSENCE_WORD = /\b(?:not|no|none|nothing)\b/i;
const RECORD_VERB = new RegExp(`\\b(?:${NOTHING_RECORDED_VERBS.join('|')})\\b`, 'i');

/**
 * A section's text that says only that the session did not cover it: the sentinel or its short form, or what
 * a section's own instructions ask for then ("No plan discussed.", "Assessment not stated in the session."):
 * one short clause with a word of absence and a verb of record-keeping. Clinical negatives ("No known
 * allergies", "Denies chest pain", "No edema noted") are claims, and do not match.
 */
export function saysNothingDiscussed(content: string): boolean {
  const text = content.trim();
  if (/^not discussed\b/i.test(text) && text.length <= NOT_DISCUSSED.length + 1) return true;
  // One clause: "Not discussed in this session, but see above" goes on to say something.
  const oneShortClause = text.length > 0 && text.length <= 100 && !/[.!?]\s+\S|[,;\n]/.test(text);
  return oneShortClause && ABSENCE_WORD.test(text) && RECORD_VERB.test(text);
}
