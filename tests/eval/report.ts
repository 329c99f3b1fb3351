/**
 * The harness's report: per encounter and in all, as JSON (to keep and compare) and as Markdown (to read).
 * Rates are fractions in [0, 1] in the JSON and per cent in the Markdown; ROUGE is shown ×100, as papers
 * (ACI-Bench's included) print it.
 */
import { FACT_KINDS, type FactKind } from '@charta/contract';
import { RECALLED_KINDS, type Count, type NoteCheck, type RecalledKind } from './metrics.js';
import type { RougeScores } from './rouge.js';
import type { TemplateScore } from './template-choice.js';

export const REPORT_FORMAT = 'charta-eval-report/1';

export interface EncounterResult {
  id: string;
  /** virtassist, virtscribe or aci: how ACI-Bench collected the conversation. */
  collection: string;
  /** Why the note could not be written (the model's error, never note text); the encounter's figures are then absent. */
  error: string | null;
  rouge: RougeScores | null;
  factRecall: Record<RecalledKind, Count> | null;
  check: NoteCheck | null;
  timeMs: number | null;
  tokens: { prompt: number; output: number } | null;
}

export interface Rate {
  rate: number | null;
  count: number;
  of: number;
}

export interface Summary {
  encounters: number;
  written: number;
  failed: number;
  rouge1: number | null;
  rouge2: number | null;
  rougeL: number | null;
  /** Micro-averaged: all encounters' reference facts together. */
  factRecall: { all: Rate } & Record<RecalledKind, Rate>;
  unsupportedFacts: { all: Rate } & Record<FactKind, Rate>;
  evidenceCoverage: Rate;
  sectionsNotDiscussedPerNote: number | null;
  timeMs: { mean: number | null; median: number | null; total: number };
  tokens: { meanPrompt: number | null; meanOutput: number | null; totalPrompt: number; totalOutput: number };
}

export interface EvalConfiguration {
  writer: {
    /** NOTE_WRITER: gemini or openai. */
    engine: string;
    /** The model as the adapter names it ("ai-emulator/..." under the AI emulator). */
    model: string;
    promptVersion: string | null;
    /** In words: the AI emulator, Gemini on Vertex AI (region), or the OpenAI-compatible server's origin. */
    where: string;
    simulated: boolean;
  };
  template: { id: string; name: string; how: string; scores: TemplateScore[] };
  dataset: { name: string; dir: string; split: string; encountersInSplit: number; limit: number | null };
  rouge: { library: string; tokens: string; stemming: string; rougeL: string };
}

export interface MetricDifference {
  metric: string;
  before: number | null;
  after: number | null;
  difference: number | null;
}

export interface Comparison {
  file: string;
  date: string;
  model: string;
  /** Set when the two runs did not write the same encounters: the difference then mixes in other notes. */
  caveat: string | null;
  metrics: MetricDifference[];
}

export interface EvalReport {
  format: typeof REPORT_FORMAT;
  date: string;
  configuration: EvalConfiguration;
  summary: Summary;
  encounters: EncounterResult[];
  comparison: Comparison | null;
}

const rate = (count: number, of: number): Rate => ({ rate: of === 0 ? null : count / of, count, of });
const mean = (xs: readonly number[]) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);
function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summarise(results: readonly EncounterResult[]): Summary {
  const ok = results.filter((r) => r.error === null);
  const sum = (f: (r: EncounterResult) => number) => ok.reduce((total, r) => total + f(r), 0);
  const recall = (kinds: readonly RecalledKind[]) =>
    rate(
      sum((r) => kinds.reduce((t, k) => t + r.factRecall![k].found, 0)),
      sum((r) => kinds.reduce((t, k) => t + r.factRecall![k].total, 0)),
    );
  const times = ok.map((r) => r.timeMs!);
  return {
    encounters: results.length,
    written: ok.length,
    failed: results.length - ok.length,
    rouge1: mean(ok.map((r) => r.rouge!.rouge1)),
    rouge2: mean(ok.map((r) => r.rouge!.rouge2)),
    rougeL: mean(ok.map((r) => r.rouge!.rougeL)),
    factRecall: { all: recall(RECALLED_KINDS), ...(Object.fromEntries(RECALLED_KINDS.map((k) => [k, recall([k])])) as Record<RecalledKind, Rate>) },
    unsupportedFacts: {
      all: rate(
        sum((r) => r.check!.flags),
        sum((r) => r.check!.facts),
      ),
      ...(Object.fromEntries(
        FACT_KINDS.map((k) => [
          k,
          rate(
            sum((r) => r.check!.byKind[k].flags),
            sum((r) => r.check!.byKind[k].facts),
          ),
        ]),
      ) as Record<FactKind, Rate>),
    },
    evidenceCoverage: rate(
      sum((r) => r.check!.linkedSentences),
      sum((r) => r.check!.sentences),
    ),
    sectionsNotDiscussedPerNote: mean(ok.map((r) => r.check!.sectionsNotDiscussed)),
    timeMs: { mean: mean(times), median: median(times), total: times.reduce((a, b) => a + b, 0) },
    tokens: {
      meanPrompt: mean(ok.map((r) => r.tokens!.prompt)),
      meanOutput: mean(ok.map((r) => r.tokens!.output)),
      totalPrompt: sum((r) => r.tokens!.prompt),
      totalOutput: sum((r) => r.tokens!.output),
    },
  };
}

const KIND_NAMES: Record<FactKind, string> = { number: 'numbers', drug: 'drugs', laterality: 'sides', negation: 'negations' };

/** The summary's figures by name, each with how it is shown: what a comparison and the tables read. */
const METRICS: { metric: string; value: (s: Summary) => number | null; show: 'rouge' | 'percent' | 'seconds' | 'count' }[] = [
  { metric: 'ROUGE-1', value: (s) => s.rouge1, show: 'rouge' },
  { metric: 'ROUGE-2', value: (s) => s.rouge2, show: 'rouge' },
  { metric: 'ROUGE-L', value: (s) => s.rougeL, show: 'rouge' },
  { metric: 'fact recall', value: (s) => s.factRecall.all.rate, show: 'percent' },
  ...RECALLED_KINDS.map((k) => ({ metric: `fact recall: ${KIND_NAMES[k]}`, value: (s: Summary) => s.factRecall[k].rate, show: 'percent' as const })),
  { metric: 'unsupported facts', value: (s) => s.unsupportedFacts.all.rate, show: 'percent' },
  ...FACT_KINDS.map((k) => ({ metric: `unsupported facts: ${KIND_NAMES[k]}`, value: (s: Summary) => s.unsupportedFacts[k].rate, show: 'percent' as const })),
  { metric: 'evidence coverage', value: (s) => s.evidenceCoverage.rate, show: 'percent' },
  { metric: 'sections not discussed per note', value: (s) => s.sectionsNotDiscussedPerNote, show: 'count' },
  { metric: 'time per note (mean)', value: (s) => (s.timeMs.mean === null ? null : s.timeMs.mean / 1000), show: 'seconds' },
  { metric: 'prompt tokens per note', value: (s) => s.tokens.meanPrompt, show: 'count' },
  { metric: 'output tokens per note', value: (s) => s.tokens.meanOutput, show: 'count' },
];

export function compareReports(before: EvalReport, after: EvalReport, file: string): Comparison {
  const beforeIds = before.encounters.filter((e) => e.error === null).map((e) => e.id);
  const afterIds = after.encounters.filter((e) => e.error === null).map((e) => e.id);
  const same = beforeIds.length === afterIds.length && beforeIds.every((id) => afterIds.includes(id));
  const caveat = same
    ? before.configuration.dataset.split !== after.configuration.dataset.split
      ? `different splits (${before.configuration.dataset.split}, ${after.configuration.dataset.split})`
      : null
    : `the notes written differ (${beforeIds.length} before, ${afterIds.length} now, ${afterIds.filter((id) => beforeIds.includes(id)).length} in both): the difference mixes in other encounters`;
  return {
    file,
    date: before.date,
    model: before.configuration.writer.model,
    caveat,
    metrics: METRICS.map(({ metric, value }) => {
      const b = value(before.summary);
      const a = value(after.summary);
      return { metric, before: b, after: a, difference: a === null || b === null ? null : a - b };
    }),
  };
}

/** Reads a report written by this harness, refusing anything else with a clear message. */
export function parseReport(text: string, file: string): EvalReport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`--compare ${file}: not JSON`);
  }
  const report = parsed as Partial<EvalReport>;
  if (report?.format !== REPORT_FORMAT || !report.summary || !Array.isArray(report.encounters) || !report.configuration) {
    throw new Error(`--compare ${file}: not a report of this harness (format ${REPORT_FORMAT})`);
  }
  return report as EvalReport;
}

// --- Markdown --------------------------------------------------------------------------------------------

function shown(value: number | null, show: (typeof METRICS)[number]['show'], signed = false): string {
  if (value === null) return '–';
  const sign = signed && value > 0 ? '+' : '';
  switch (show) {
    case 'rouge':
      return `${sign}${(value * 100).toFixed(1)}`;
    case 'percent':
      return `${sign}${(value * 100).toFixed(1)} %`;
    case 'seconds':
      return `${sign}${value.toFixed(2)} s`;
    case 'count':
      return `${sign}${value.toFixed(value !== 0 && Math.abs(value) < 10 ? 1 : 0)}`;
  }
}
const fraction = (r: Rate) => (r.of === 0 ? '' : ` (${r.count} / ${r.of})`);

/** The summary as a Markdown table: what docs/quality.md keeps with its date and configuration. */
export function summaryTable(report: EvalReport): string {
  const s = report.summary;
  const counts: Record<string, string> = {
    'fact recall': fraction(s.factRecall.all),
    ...Object.fromEntries(RECALLED_KINDS.map((k) => [`fact recall: ${KIND_NAMES[k]}`, fraction(s.factRecall[k])])),
    'unsupported facts': fraction(s.unsupportedFacts.all),
    ...Object.fromEntries(FACT_KINDS.map((k) => [`unsupported facts: ${KIND_NAMES[k]}`, fraction(s.unsupportedFacts[k])])),
    'evidence coverage': fraction(s.evidenceCoverage),
  };
  const rows = METRICS.map(({ metric, value, show }) => `| ${metric} | ${shown(value(s), show)}${counts[metric] ?? ''} |`);
  return [`| ${s.written} notes written, ${s.failed} failed | |`, '| --- | --- |', ...rows].join('\n');
}

export function configurationLines(report: EvalReport): string {
  const c = report.configuration;
  return [
    `- Date: ${report.date}`,
    `- Writer: NOTE_WRITER=${c.writer.engine}, model \`${c.writer.model}\` (${c.writer.where}${c.writer.simulated ? '; simulated, rules not a model' : ''}), prompt ${c.writer.promptVersion ?? '–'}`,
    `- Template: ${c.template.name} (\`${c.template.id}\`), ${c.template.how}`,
    `- Data: ${c.dataset.name}, split \`${c.dataset.split}\`, ${report.summary.encounters} of its ${c.dataset.encountersInSplit} encounters${c.dataset.limit === null ? '' : ` (--limit ${c.dataset.limit})`}`,
    `- ROUGE: ${c.rouge.library}; ${c.rouge.tokens}; ${c.rouge.stemming}; ${c.rouge.rougeL}`,
  ].join('\n');
}

export function markdownReport(report: EvalReport): string {
  const out: string[] = [`# Charta quality harness: ACI-Bench \`${report.configuration.dataset.split}\``, '', configurationLines(report), '', '## In all', '', summaryTable(report), ''];
  out.push(
    'ROUGE: mean of the notes\' F1 ×100 (ACI-Bench\'s best full-note ROUGE-1 was about 52: Yim et al., Nature Scientific Data 2023). Fact recall: the reference notes\' numbers, drugs and sides found in ours, all notes together. Unsupported facts: the facts of our notes the fact check flags against the dialogue ("not found in the transcript"). Evidence coverage: the sentences of our notes (sections left "not discussed" aside) linked to at least one dialogue turn.',
    '',
  );
  if (report.comparison) {
    const c = report.comparison;
    out.push(`## Compared with ${c.file}`, '', `That run: ${c.date}, model \`${c.model}\`.${c.caveat ? ` **Caveat:** ${c.caveat}.` : ''}`, '', '| metric | before | now | difference |', '| --- | --- | --- | --- |');
    for (const m of c.metrics) {
      const show = METRICS.find((x) => x.metric === m.metric)!.show;
      out.push(`| ${m.metric} | ${shown(m.before, show)} | ${shown(m.after, show)} | ${shown(m.difference, show, true)} |`);
    }
    out.push('');
  }
  out.push('## Per encounter', '', '| encounter | collection | ROUGE-1 | ROUGE-2 | ROUGE-L | fact recall | unsupported facts | evidence coverage | time | tokens in / out |', '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const e of report.encounters) {
    if (e.error !== null) {
      out.push(`| ${e.id} | ${e.collection} | failed: ${e.error.replace(/\|/g, '/')} | | | | | | | |`);
      continue;
    }
    const found = RECALLED_KINDS.reduce((t, k) => t + e.factRecall![k].found, 0);
    const total = RECALLED_KINDS.reduce((t, k) => t + e.factRecall![k].total, 0);
    const recall = rate(found, total);
    const unsupported = rate(e.check!.flags, e.check!.facts);
    const coverage = rate(e.check!.linkedSentences, e.check!.sentences);
    out.push(
      `| ${e.id} | ${e.collection} | ${shown(e.rouge!.rouge1, 'rouge')} | ${shown(e.rouge!.rouge2, 'rouge')} | ${shown(e.rouge!.rougeL, 'rouge')} | ${shown(recall.rate, 'percent')}${fraction(recall)} | ${shown(unsupported.rate, 'percent')}${fraction(unsupported)} | ${shown(coverage.rate, 'percent')} | ${shown(e.timeMs! / 1000, 'seconds')} | ${e.tokens!.prompt} / ${e.tokens!.output} |`,
    );
  }
  out.push('');
  return out.join('\n');
}
