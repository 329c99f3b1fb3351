/**
 * Benchmark (not a test) of the fact check on real consultations: ACI-Bench (Yim et al., Nature Scientific
 * Data 2023, CC BY 4.0; see aci-bench.ts). Prints figures; docs/quality.md keeps them with their date.
 *
 * (a) Flag rate: the check on each reference note against its own dialogue. Every flag there is a false
 *     alarm or a fact the note's author did not hear in the dialogue; `--sample N` prints N of them (chosen
 *     with the seed) to judge by hand.
 * (b) Planted errors: in 200 reference-note sentences (50 per kind, chosen with the seed) one error is
 *     planted: a dose changed, left and right swapped, a "no" dropped, a drug added. Counts how many the
 *     check catches (a new flag of that kind in that sentence).
 *
 * Run: npm run bench:facts [-- --data <dir>] [--seed 21] [--sample 20] [--json <file>]
 */
import { writeFileSync } from 'node:fs';
import { FACT_KINDS, type FactKind } from '@charta/contract';
import { analyseSection, type CheckedFact } from '../../functions/src/evidence/check.js';
import { KNOWN_DRUGS, drugOf } from '../../functions/src/evidence/drugs.js';
import { splitSentences } from '../../functions/src/evidence/sentences.js';
import { tokenize } from '../../functions/src/evidence/text.js';
import { datasetDir, readEncounters, type Encounter } from './aci-bench.js';

const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? (argv[at + 1] ?? fallback) : fallback;
};
const SEED = Number(option('seed', '21'));
const SAMPLE = Number(option('sample', '20'));
const PLANTED_PER_KIND = Number(option('per-kind', '50'));
const JSON_OUT = option('json', '');

/** mulberry32: a small seeded generator, so the sample and the planted errors are the same on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const dir = datasetDir(process.argv);
const encounters = readEncounters(dir);
const started = performance.now();

// --- (a) Flag rate on the reference notes ---------------------------------------------------------------

interface Flagged {
  encounter: Encounter;
  sentence: string;
  checked: CheckedFact;
}

const counts = Object.fromEntries(FACT_KINDS.map((k) => [k, { facts: 0, flagged: 0 }])) as Record<FactKind, { facts: number; flagged: number }>;
let sentenceCount = 0;
let flaggedSentences = 0;
let sentencesWithEvidence = 0;
let contradictionFlags = 0;
const flagged: Flagged[] = [];
for (const encounter of encounters) {
  const { sentences, checked } = analyseSection({ content: encounter.note, citedSegmentIds: [] }, encounter.segments);
  sentenceCount += sentences.length;
  sentencesWithEvidence += sentences.filter((s) => s.segmentIds.length > 0).length;
  const flaggedHere = new Set<number>();
  for (const c of checked) {
    if (!c.contradicted) counts[c.fact.kind].facts++;
    const isFlag = c.supportIds.length === 0 || c.contradicted;
    if (!isFlag) continue;
    if (c.contradicted) contradictionFlags++;
    else counts[c.fact.kind].flagged++;
    flaggedHere.add(c.sentenceIndex);
    flagged.push({ encounter, sentence: sentences[c.sentenceIndex]!.text, checked: c });
  }
  flaggedSentences += flaggedHere.size;
}
const elapsedMs = performance.now() - started;
const pct = (n: number, d: number) => (d === 0 ? '–' : `${((100 * n) / d).toFixed(1)} %`);

console.log(`ACI-Bench at ${dir}: ${encounters.length} encounters, ${sentenceCount} note sentences (checked in ${(elapsedMs / 1000).toFixed(1)} s)`);
console.log('\n(a) Reference notes against their own dialogues');
console.log(`  sentences with at least one flag: ${flaggedSentences} / ${sentenceCount} (${pct(flaggedSentences, sentenceCount)})`);
console.log(`  flags per 100 sentences: ${((100 * flagged.length) / sentenceCount).toFixed(1)}`);
console.log(`  sentences linked to at least one segment: ${pct(sentencesWithEvidence, sentenceCount)}`);
for (const kind of FACT_KINDS) console.log(`  ${kind.padEnd(10)} facts ${String(counts[kind].facts).padStart(5)}  not found ${String(counts[kind].flagged).padStart(4)} (${pct(counts[kind].flagged, counts[kind].facts)})`);
console.log(`  negation  stated but only denied in the dialogue (a dropped "no"?): ${contradictionFlags}`);

if (SAMPLE > 0) {
  console.log(`\n  A sample of ${SAMPLE} flags (seed ${SEED}), to judge by hand:`);
  for (const [n, f] of shuffle(flagged, seeded(SEED)).slice(0, SAMPLE).entries()) {
    const text = f.sentence.slice(f.checked.fact.start, f.checked.fact.end);
    console.log(`  ${String(n + 1).padStart(2)}. [${f.encounter.split}/${f.encounter.id}] ${f.checked.fact.kind}${f.checked.contradicted ? ' (stated, denied)' : ''}: "${text}"\n      in: ${f.sentence}`);
  }
}

// --- (b) Planted errors ---------------------------------------------------------------------------------

interface Planting {
  kind: FactKind;
  encounter: Encounter;
  sentenceIndex: number;
  before: string;
  after: string;
}

const random = seeded(SEED);
const plantings: Planting[] = [];
const candidates = shuffle(
  encounters.flatMap((encounter) => {
    const { sentences, checked } = analyseSection({ content: encounter.note, citedSegmentIds: [] }, encounter.segments);
    return sentences.map((s, sentenceIndex) => ({ encounter, sentenceIndex, text: s.text, facts: checked.filter((c) => c.sentenceIndex === sentenceIndex) }));
  }),
  random,
);

/** The error of a kind planted in a sentence, or null if the sentence has no supported fact of that kind to spoil. */
function plant(kind: FactKind, sentence: string, facts: readonly CheckedFact[], encounter: Encounter): string | null {
  const supported = facts.filter((c) => c.fact.kind === kind && c.supportIds.length > 0 && !c.contradicted);
  switch (kind) {
    case 'number': {
      const fact = supported.find((c) => c.fact.kind === 'number' && c.fact.parts === null && /\d/.test(sentence.slice(c.fact.start, c.fact.end)));
      if (!fact || fact.fact.kind !== 'number') return null;
      const digits = /\d+(\.\d+)?/.exec(sentence.slice(fact.fact.start, fact.fact.end))!;
      const value = Number(digits[0]);
      // A plausible wrong dose: doubled or halved for larger numbers, one or two more for small ones.
      const changed = value >= 10 ? (random() < 0.5 ? value * 2 : value / 2) : value + (random() < 0.5 ? 1 : 2);
      const at = fact.fact.start + digits.index;
      return sentence.slice(0, at) + String(changed) + sentence.slice(at + digits[0].length);
    }
    case 'laterality': {
      const fact = supported.find((c) => /\b(left|right)\b/i.test(sentence.slice(c.fact.start, c.fact.end)));
      if (!fact) return null;
      const span = sentence.slice(fact.fact.start, fact.fact.end);
      const swapped = span.replace(/\b(left|right|Left|Right)\b/, (w) => ({ left: 'right', right: 'left', Left: 'Right', Right: 'Left' })[w]!);
      return sentence.slice(0, fact.fact.start) + swapped + sentence.slice(fact.fact.end);
    }
    case 'negation': {
      const fact = supported[0];
      if (!fact) return null;
      const span = sentence.slice(fact.fact.start, fact.fact.end);
      // Drop the "no": the finding is then stated as present.
      const dropped = span
        .replace(/^(denies|denied)\b/i, (w) => (w[0] === 'D' ? 'Reports' : 'reports'))
        .replace(/^negative for\b/i, (w) => (w[0] === 'N' ? 'Positive for' : 'positive for'))
        .replace(/^without\b/i, (w) => (w[0] === 'W' ? 'With' : 'with'))
        .replace(/^(no|not|never)\s+/i, '');
      if (dropped === span) return null;
      return sentence.slice(0, fact.fact.start) + dropped + sentence.slice(fact.fact.end);
    }
    case 'drug': {
      if (tokenize(sentence).filter((t) => t.kind === 'word').length < 4) return null;
      const said = new Set(encounter.segments.flatMap((s) => tokenize(s.text).map((t) => drugOf(t.lower)).filter((d): d is string => d !== null)));
      const unsaid = KNOWN_DRUGS.filter((d) => !said.has(d));
      const drug = unsaid[Math.floor(random() * unsaid.length)]!;
      // Added to the sentence's list: "…, and atorvastatin." (before the final stop, if any).
      const end = /[.!?]$/.test(sentence) ? sentence.length - 1 : sentence.length;
      return `${sentence.slice(0, end)}, and ${drug}${sentence.slice(end)}`;
    }
  }
}

for (const kind of FACT_KINDS) {
  let planted = 0;
  for (const candidate of candidates) {
    if (planted >= PLANTED_PER_KIND) break;
    if (plantings.some((p) => p.encounter === candidate.encounter && p.sentenceIndex === candidate.sentenceIndex)) continue;
    const after = plant(kind, candidate.text, candidate.facts, candidate.encounter);
    if (after === null) continue;
    plantings.push({ kind, encounter: candidate.encounter, sentenceIndex: candidate.sentenceIndex, before: candidate.text, after });
    planted++;
  }
}

const caught = Object.fromEntries(FACT_KINDS.map((k) => [k, { planted: 0, caught: 0, anyFlag: 0 }])) as Record<FactKind, { planted: number; caught: number; anyFlag: number }>;
const missed: Planting[] = [];
for (const p of plantings) {
  const sentences = splitSentences(p.encounter.note);
  const span = sentences[p.sentenceIndex]!;
  const note = p.encounter.note.slice(0, span.start) + p.after + p.encounter.note.slice(span.end);
  const flagsIn = (content: string, sentence: string) =>
    analyseSection({ content, citedSegmentIds: [] }, p.encounter.segments).checked.filter((c) => (c.supportIds.length === 0 || c.contradicted) && c.sentenceIndex === p.sentenceIndex && sentence !== undefined);
  const before = new Set(flagsIn(p.encounter.note, p.before).map((c) => `${c.fact.kind}:${c.fact.key}:${c.contradicted}`));
  const after = flagsIn(note, p.after).filter((c) => !before.has(`${c.fact.kind}:${c.fact.key}:${c.contradicted}`));
  caught[p.kind].planted++;
  if (after.some((c) => c.fact.kind === p.kind)) caught[p.kind].caught++;
  else missed.push(p);
  if (after.length > 0) caught[p.kind].anyFlag++;
}

console.log(`\n(b) Planted errors: ${plantings.length} sentences (seed ${SEED})`);
let totalCaught = 0;
for (const kind of FACT_KINDS) {
  const c = caught[kind];
  totalCaught += c.caught;
  const label = { number: 'dose/number changed', drug: 'drug added', laterality: 'left/right swapped', negation: '"no" dropped' }[kind];
  console.log(`  ${label.padEnd(20)} caught ${String(c.caught).padStart(3)} / ${c.planted} (${pct(c.caught, c.planted)}); any new flag in the sentence: ${pct(c.anyFlag, c.planted)}`);
}
console.log(`  all kinds            caught ${totalCaught} / ${plantings.length} (${pct(totalCaught, plantings.length)})`);
if (argv.includes('--missed')) for (const p of missed) console.log(`  missed ${p.kind}: ${p.before}\n      -> ${p.after}`);

if (JSON_OUT) {
  writeFileSync(
    JSON_OUT,
    JSON.stringify({ date: new Date().toISOString(), dataset: dir, seed: SEED, encounters: encounters.length, sentences: sentenceCount, flaggedSentences, flags: flagged.length, perKind: counts, contradictionFlags, planted: caught }, null, 2),
  );
}
