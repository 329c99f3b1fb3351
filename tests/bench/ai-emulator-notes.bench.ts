/**
 * Benchmark (not a test): how long the AI emulator takes to write a note (docs/magic-fill.md, "Simulated output, and
 * what the emulator's writing does") from the longest text POST /creation accepts (the contract's
 * pastedText limit), in each shape a paste takes: paragraphs, a list, one sentence with no full stop, a
 * dialogue, and the bundled sample consultation. Prints the median of three runs per shape and template.
 * Every cue looks within a sentence's reach, so none of them should grow faster than the text does.
 * Run: npx tsx tests/bench/ai-emulator-notes.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { DOCUMENTATION_LIMITS } from '../../contract/src/documentation.ts';
import { TASKS } from '../../emulators/ai-emulator/tasks/index.ts';
import { writeNotePrompt } from '../../functions/src/documentation/prompts/note-prompts.ts';
import { builtinTemplate } from '../../functions/src/templates/builtin-templates.ts';
import { SAMPLE_TRANSCRIPT } from '../../functions/src/templates/sample-transcript.ts';
import { segmentsFromText, type TranscriptSegment } from '../../functions/src/transcripts/transcript.ts';

const LIMIT = DOCUMENTATION_LIMITS.pastedText;

/** `unit` repeated to the limit, as POST /creation would store it. */
function pasted(unit: string): TranscriptSegment[] {
  const text = unit.repeat(Math.floor(LIMIT / unit.length));
  return segmentsFromText(text).map((s, i) => ({ ...s, id: `seg-${i + 1}` }));
}

const SHAPES: [string, readonly TranscriptSegment[]][] = [
  ['paragraphs', pasted('She reports a cough for three days, worse at night. She denies fever. On examination the chest is clear. Likely viral. Start rest and fluids; review in one week.\n\n')],
  ['a list', pasted('- cough for three days - takes amlodipine 5 mg daily - BP 132/84 - start salbutamol ')],
  ['no full stop', pasted('if the cough gets worse and she is taking the inhaler then ')],
  ['a dialogue', pasted('Doctor: Any allergies to medicines?\nPatient: Only penicillin. It gave me a rash years ago.\nDoctor: I will start you on clarithromycin 250 mg twice a day.\n')],
  ['sample consultation', SAMPLE_TRANSCRIPT],
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

for (const templateId of ['soap', 'history-and-physical']) {
  const sections = builtinTemplate(templateId)!.sections;
  for (const [shape, segments] of SHAPES) {
    const prompt = writeNotePrompt({ language: 'en-GB', specialty: '', segments }, sections);
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      TASKS['write_note']!(prompt);
      runs.push(performance.now() - started);
    }
    const chars = segments.reduce((sum, s) => sum + s.text.length, 0);
    console.log(`${templateId.padEnd(21)} ${shape.padEnd(20)} ${String(segments.length).padStart(5)} segments ${String(chars).padStart(7)} chars  ${median(runs).toFixed(0).padStart(5)} ms`);
  }
}
