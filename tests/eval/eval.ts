/**
 * The quality harness (`npm run eval`; docs/quality.md "Measuring the note writer: npm run eval"): the configured note
 * writer on ACI-Bench encounters (Yim et al., Nature Scientific Data 2023, CC BY 4.0; read where it lies,
 * never copied into the repository), each note scored against the reference note and checked against its
 * dialogue, and a report in JSON and Markdown.
 *
 * `runEval` is the whole run, in-process: the command line (run.ts) and the CI smoke test
 * (tests/integration/eval-harness.test.ts) both call it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { startAiEmulator } from '../../emulators/ai-emulator/server.ts';
import { aiConfigFromEnv } from '../../functions/src/ai/ai-config.js';
import { noteWriterEngineFromEnv, noteWriterModelFromEnv, openAiEndpointFromEnv } from '../../functions/src/ai/ai-engines.js';
import type { SectionSpec } from '../../functions/src/documentation/documentation.js';
import { NoteWriter } from '../../functions/src/documentation/note-writer.js';
import { builtinTemplate } from '../../functions/src/templates/builtin-templates.js';
import type { TranscriptSegment } from '../../functions/src/transcripts/transcript.js';
import { ACI_BENCH_SPLITS, hasDataset, readEncounters, type AciBenchSplit, type Encounter } from '../bench/aci-bench.js';
import { checkNote, factRecall, noteText, placeholdersOf, type WrittenSectionInput } from './metrics.js';
import { compareReports, markdownReport, parseReport, REPORT_FORMAT, summarise, type EncounterResult, type EvalConfiguration, type EvalReport } from './report.js';
import { rouge } from './rouge.js';
import { chooseTemplate } from './template-choice.js';

export interface EvalOptions {
  /** The dataset's folder (resolved by the caller: run.ts reads --data and ACI_BENCH_DIR). */
  dataDir: string;
  split: AciBenchSplit;
  /** The first N encounters of the split; null for all. */
  limit: number | null;
  /** Where the reports go (created when missing). */
  outDir: string;
  /** A previous JSON report to compare with. */
  compare: string | null;
  /** A built-in template's id instead of the one chosen from the dataset's headings. */
  templateId: string | null;
  /** Also write each note as Markdown into <outDir>/notes/, to read what the figures are about. */
  saveNotes: boolean;
  /** NOTE_WRITER and its settings; with none (and no AI_EMULATOR_URL) the AI emulator is started for the run. */
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
}

export interface EvalRun {
  report: EvalReport;
  jsonPath: string;
  markdownPath: string;
}

export const DEFAULT_OUT_DIR = 'tests/.artifacts/eval';

const ROUGE_SETTINGS: EvalConfiguration['rouge'] = {
  library: 'js-rouge 3 (F1)',
  tokens: 'lower-cased runs of a-z and 0-9, as rouge-score (ACI-Bench\'s scorer) splits them',
  stemming: 'no stemming, as ACI-Bench\'s evaluation (Hugging Face evaluate\'s default)',
  rougeL: 'ROUGE-L as the whole note\'s longest common subsequence (rouge-score\'s rougeL, not rougeLsum)',
};

/** The writer the environment configures, and whether this run had to start the AI emulator for it. */
interface OpenedWriter {
  writer: NoteWriter;
  configuration: Omit<EvalConfiguration['writer'], 'promptVersion'>;
  close: () => Promise<void>;
}

/**
 * NOTE_WRITER as the API reads it. Nothing real configured (no NOTE_WRITER, no AI_EMULATOR_URL): the local
 * AI emulator, started in this process on a free port for the run and stopped after it, as
 * scripts/lib/ai-emulator.sh does for the README commands (in-process, so no emulator outlives the run).
 */
export async function openWriter(givenEnv: NodeJS.ProcessEnv): Promise<OpenedWriter> {
  let env = { ...givenEnv };
  let server: Server | null = null;
  const configured = Boolean(env['NOTE_WRITER']?.trim());
  if (!env['AI_EMULATOR_URL'] && !configured) {
    server = await startAiEmulator(0);
    env = { ...env, AI_EMULATOR_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, NOTE_WRITER: 'gemini' };
  }
  const close = () => new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  try {
    const engine = noteWriterEngineFromEnv(env);
    if (engine === 'gemini' && !env['AI_EMULATOR_URL'] && !env['GOOGLE_CLOUD_PROJECT'] && !env['GCLOUD_PROJECT']) {
      throw new Error('NOTE_WRITER=gemini needs GOOGLE_CLOUD_PROJECT (the Vertex AI project; credentials from `gcloud auth application-default login`), or AI_EMULATOR_URL for the local AI emulator');
    }
    const { model } = noteWriterModelFromEnv(env);
    const config = aiConfigFromEnv(env);
    const where =
      engine === 'openai'
        ? `OpenAI-compatible server at ${new URL(openAiEndpointFromEnv(env, 'CHAT').baseUrl).origin}`
        : env['AI_EMULATOR_URL']
          ? `the local AI emulator${server ? ', started for this run' : ` at ${env['AI_EMULATOR_URL']}`}`
          : `Gemini on Vertex AI, ${config.location}`;
    return { writer: new NoteWriter(model), configuration: { engine, model: model.model, where, simulated: model.model.startsWith('ai-emulator/') }, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** ACI-Bench's turns as a transcript: ids seg-1..., speakers "doctor" and "patient"; the dataset has no times. */
export const encounterSegments = (encounter: Encounter): TranscriptSegment[] => encounter.segments.map((s) => ({ ...s, startMs: 0, endMs: 0 }));

async function evaluateEncounter(encounter: Encounter, writer: NoteWriter, sections: readonly SectionSpec[]) {
  const segments = encounterSegments(encounter);
  const started = performance.now();
  const written = await writer.writeNote({ language: 'en-US', specialty: '', segments }, sections);
  const timeMs = performance.now() - started;
  const ours: WrittenSectionInput[] = sections.map((spec) => {
    const section = written.value.find((s) => s.id === spec.id)!;
    return { title: spec.title, content: section.content, evidenceIds: section.evidence.map((e) => e.segmentId), placeholders: placeholdersOf(spec.instructions) };
  });
  const text = noteText(ours);
  const result: EncounterResult = {
    id: encounter.id,
    collection: encounter.collection,
    error: null,
    rouge: rouge(text, encounter.note),
    factRecall: factRecall(encounter.note, text),
    check: checkNote(ours, segments),
    timeMs,
    tokens: { prompt: written.usage.promptTokens, output: written.usage.outputTokens },
  };
  return { result, text, promptVersion: written.promptVersion };
}

export async function runEval(options: EvalOptions): Promise<EvalRun> {
  const { log } = options;
  if (!hasDataset(options.dataDir)) throw new Error(`ACI-Bench not found in ${options.dataDir} (give its folder with --data <dir> or ACI_BENCH_DIR)`);
  if (!(ACI_BENCH_SPLITS as readonly string[]).includes(options.split)) throw new Error(`--split ${options.split} is not one of ${ACI_BENCH_SPLITS.join(', ')}`);
  // Read before any note is written: a bad --compare file should not cost a run.
  const previous = options.compare ? parseReport(readFileSync(options.compare, 'utf8'), options.compare) : null;

  const all = readEncounters(options.dataDir, [options.split]);
  const encounters = options.limit === null ? all : all.slice(0, options.limit);
  const choice = chooseTemplate(all.map((e) => e.note));
  const templateId = options.templateId ?? choice.templateId;
  const template = builtinTemplate(templateId);
  if (!template) throw new Error(`--template ${templateId} is not a built-in template`);

  const opened = await openWriter(options.env);
  const results: EncounterResult[] = [];
  const notes: { id: string; text: string }[] = [];
  let promptVersion: string | null = null;
  try {
    log(`eval: ${encounters.length} encounters of ACI-Bench ${options.split}, ${template.name}, ${opened.configuration.model} (${opened.configuration.where})`);
    for (const [i, encounter] of encounters.entries()) {
      try {
        const done = await evaluateEncounter(encounter, opened.writer, template.sections);
        promptVersion = done.promptVersion;
        results.push(done.result);
        notes.push({ id: encounter.id, text: done.text });
        const r = done.result;
        log(`eval: ${i + 1}/${encounters.length} ${encounter.id}: ROUGE-1 ${(r.rouge!.rouge1 * 100).toFixed(1)}, ${(r.timeMs! / 1000).toFixed(2)} s`);
      } catch (err) {
        // The model's error names the service and status, never the note or the dialogue.
        const error = err instanceof Error ? err.message : String(err);
        results.push({ id: encounter.id, collection: encounter.collection, error, rouge: null, factRecall: null, check: null, timeMs: null, tokens: null });
        log(`eval: ${i + 1}/${encounters.length} ${encounter.id}: failed: ${error}`);
      }
    }
  } finally {
    await opened.close();
  }

  const date = new Date();
  const report: EvalReport = {
    format: REPORT_FORMAT,
    date: date.toISOString(),
    configuration: {
      writer: { ...opened.configuration, promptVersion },
      template: {
        id: template.id,
        name: template.name,
        how: options.templateId ? 'as given (--template)' : `the built-in whose section titles best match the ${options.split} split's reference-note headings`,
        scores: choice.scores,
      },
      dataset: { name: 'ACI-Bench (Yim et al., Nature Scientific Data 2023, CC BY 4.0)', dir: options.dataDir, split: options.split, encountersInSplit: all.length, limit: options.limit },
      rouge: ROUGE_SETTINGS,
    },
    summary: summarise(results),
    encounters: results,
    comparison: null,
  };
  if (previous && options.compare) report.comparison = compareReports(previous, report, options.compare);

  const outDir = resolve(options.outDir);
  mkdirSync(outDir, { recursive: true });
  const stem = `eval-${options.split}-${date.toISOString().replace(/[:.]/g, '-')}`;
  const jsonPath = join(outDir, `${stem}.json`);
  const markdownPath = join(outDir, `${stem}.md`);
  writeFileSync(jsonPath, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(markdownPath, markdownReport(report));
  if (options.saveNotes) {
    mkdirSync(join(outDir, 'notes', stem), { recursive: true });
    for (const n of notes) writeFileSync(join(outDir, 'notes', stem, `${n.id}.md`), `${n.text}\n`);
  }
  return { report, jsonPath, markdownPath };
}
