/**
 * `npm run eval`: the quality harness from the command line (docs/quality.md "Measuring the note writer: npm run
 * eval"). Prints progress and the summary table, writes the reports, exits non-zero when a note could not
 * be written or the run could not start.
 *
 *   npm run eval                                   # the AI emulator, validation split, all 20 encounters
 *   npm run eval -- --limit 3 --compare tests/.artifacts/eval/<earlier>.json
 *   NOTE_WRITER=openai OPENAI_BASE_URL=... OPENAI_CHAT_MODEL=... npm run eval
 */
import { parseArgs } from 'node:util';
import { resolveDatasetDir, type AciBenchSplit } from '../bench/aci-bench.js';
import { DEFAULT_OUT_DIR, runEval } from './eval.js';
import { configurationLines, summaryTable } from './report.js';

const USAGE = `npm run eval -- [--data <dir>] [--split valid] [--limit N] [--out <dir>] [--compare <report.json>] [--template <id>] [--notes]
  --data      ACI-Bench's folder (else ACI_BENCH_DIR, else ../shared/eval/aci-bench beside the repository)
  --split     valid (default), train, clinicalnlp_taskB_test1 or clinicalnlp_taskC_test2
  --limit     only the split's first N encounters
  --out       where the JSON and Markdown reports go (else EVAL_OUT_DIR, else ${DEFAULT_OUT_DIR})
  --compare   a previous JSON report: the difference of every metric
  --template  a built-in template's id instead of the one closest to the dataset's headings
  --notes     also write each note, to read what the figures are about
The writer is NOTE_WRITER's (gemini on Vertex AI, or openai with OPENAI_BASE_URL and OPENAI_CHAT_MODEL);
with neither NOTE_WRITER nor AI_EMULATOR_URL set, the local AI emulator, started for the run.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string' },
      split: { type: 'string', default: 'valid' },
      limit: { type: 'string' },
      out: { type: 'string' },
      compare: { type: 'string' },
      template: { type: 'string' },
      notes: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const limit = values.limit === undefined ? null : Number(values.limit);
  if (limit !== null && (!Number.isInteger(limit) || limit < 1)) throw new Error(`--limit ${values.limit}: a whole number of encounters, 1 or more`);
  const { report, jsonPath, markdownPath } = await runEval({
    dataDir: resolveDatasetDir(values.data ?? process.env['ACI_BENCH_DIR']),
    split: values.split as AciBenchSplit,
    limit,
    outDir: values.out ?? process.env['EVAL_OUT_DIR'] ?? DEFAULT_OUT_DIR,
    compare: values.compare ?? null,
    templateId: values.template ?? null,
    saveNotes: values.notes,
    env: process.env,
    log: (line) => console.log(line),
  });
  console.log(`\n${configurationLines(report)}\n\n${summaryTable(report)}\n`);
  if (report.comparison) {
    const c = report.comparison;
    console.log(`Compared with ${c.file} (${c.date}, ${c.model})${c.caveat ? `: CAVEAT: ${c.caveat}` : ''}`);
    for (const m of c.metrics) console.log(`  ${m.metric.padEnd(34)} ${m.difference === null ? '–' : (m.difference > 0 ? '+' : '') + m.difference.toFixed(4)}`);
  }
  console.log(`Reports: ${jsonPath}\n         ${markdownPath}`);
  return report.summary.failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`eval: ${err instanceof Error ? err.message : String(err)}\n\n${USAGE}`);
    process.exit(2);
  },
);
