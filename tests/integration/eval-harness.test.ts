import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasDataset, readEncounters, resolveDatasetDir } from '../bench/aci-bench.js';
import { runEval, type EvalOptions, type EvalRun } from '../eval/eval.js';
import { aiEmulatorControl } from '../support/ai-emulator.js';

// CI's smoke test of the quality harness (docs/quality.md "Measuring the note writer: npm run eval"): its main
// function, in-process, on 3 ACI-Bench encounters with the shared AI emulator. It holds the harness to a
// report of the right shape with sane values; the emulator's figures are no target.
//
// The data lives outside the repository (CI machines have it at ../shared/eval/aci-bench; ACI_BENCH_DIR
// points elsewhere). Without it the suite says so loudly and skips.
const dataDir = resolveDatasetDir(process.env['ACI_BENCH_DIR']);
const found = hasDataset(dataDir);
const missing = `EVAL HARNESS SMOKE TEST SKIPPED: ACI-Bench not found at ${dataDir} (no valid.csv). Put the dataset there or set ACI_BENCH_DIR.`;
if (!found) console.warn(`\n${'!'.repeat(missing.length)}\n${missing}\n${'!'.repeat(missing.length)}\n`);

describe('npm run eval: the harness on 3 encounters with the AI emulator', () => {
  if (!found) {
    it.skip(missing, () => {});
    return;
  }

  const url = process.env['AI_EMULATOR_URL'];
  const outDir = mkdtempSync(join(tmpdir(), 'charta-eval-'));
  const options = (extra: Partial<EvalOptions> = {}): EvalOptions => ({
    dataDir,
    split: 'valid',
    limit: 3,
    outDir,
    compare: null,
    templateId: null,
    saveNotes: false,
    env: { ...process.env, NOTE_WRITER: 'gemini', AI_EMULATOR_URL: url },
    log: () => {},
    ...extra,
  });
  let run: EvalRun;
  let geminiCalls: number;

  beforeAll(async () => {
    if (!url) throw new Error('AI_EMULATOR_URL is not set: run the tests with `npm test`, which starts the AI emulator.');
    const before = (await aiEmulatorControl(url).stats()).gemini.calls;
    run = await runEval(options());
    geminiCalls = (await aiEmulatorControl(url).stats()).gemini.calls - before;
  }, 120_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('Writes the first 3 validation notes through the emulator\'s wire, one call each, with the template closest to the dataset', () => {
    const { report } = run;
    const firstThree = readEncounters(dataDir, ['valid'])
      .slice(0, 3)
      .map((e) => e.id);
    expect(report.encounters.map((e) => e.id)).toEqual(firstThree);
    expect(report.summary).toMatchObject({ encounters: 3, written: 3, failed: 0 });
    // The shared emulator serves other suites at the same time: at least ours.
    expect(geminiCalls).toBeGreaterThanOrEqual(3);
    expect(report.configuration.writer).toMatchObject({ engine: 'gemini', simulated: true, promptVersion: expect.stringMatching(/^note-/) });
    expect(report.configuration.writer.model).toMatch(/^ai-emulator\//);
    expect(report.configuration.template.id).toBe('history-and-physical');
    expect(report.configuration.dataset).toMatchObject({ split: 'valid', encountersInSplit: 20, limit: 3 });
  });

  it('Every metric is there with a sane value, per encounter and in all', () => {
    const { summary, encounters } = run.report;
    for (const e of encounters) {
      expect(e.error).toBeNull();
      expect(e.rouge!.rouge1).toBeGreaterThan(0.1);
      expect(e.rouge!.rouge1).toBeLessThan(1);
      expect(e.rouge!.rouge2).toBeLessThan(e.rouge!.rouge1);
      expect(e.rouge!.rougeL).toBeLessThanOrEqual(e.rouge!.rouge1);
      expect(e.factRecall!.number.total).toBeGreaterThan(0);
      expect(e.check!.facts).toBeGreaterThan(0);
      expect(e.check!.sentences).toBeGreaterThan(0);
      expect(e.check!.linkedSentences).toBeLessThanOrEqual(e.check!.sentences);
      expect(e.timeMs).toBeGreaterThan(0);
      expect(e.tokens!.prompt).toBeGreaterThan(500);
      expect(e.tokens!.output).toBeGreaterThan(0);
    }
    for (const r of [summary.factRecall.all, summary.unsupportedFacts.all, summary.evidenceCoverage]) {
      expect(r.of).toBeGreaterThan(0);
      expect(r.rate).toBeGreaterThanOrEqual(0);
      expect(r.rate).toBeLessThanOrEqual(1);
    }
    // The emulator quotes the dialogue: most of the reference's facts are in it, and few of its facts lack support.
    expect(summary.factRecall.all.rate).toBeGreaterThan(0.5);
    expect(summary.unsupportedFacts.all.rate).toBeLessThan(0.2);
    expect(summary.evidenceCoverage.rate).toBeGreaterThan(0.8);
    expect(summary.rouge1).toBeCloseTo(encounters.reduce((t, e) => t + e.rouge!.rouge1, 0) / 3, 10);
  });

  it('Writes the JSON report and the readable one', () => {
    expect(JSON.parse(readFileSync(run.jsonPath, 'utf8'))).toEqual(run.report);
    const markdown = readFileSync(run.markdownPath, 'utf8');
    expect(markdown).toMatch(/\| ROUGE-1 \| \d+\.\d \|/);
    expect(markdown).toContain('| evidence coverage |');
    for (const e of run.report.encounters) expect(markdown).toContain(`| ${e.id} |`);
  });

  it('Compared with its own report: the same notes (the emulator is deterministic), so no difference but in time', async () => {
    const again = await runEval(options({ compare: run.jsonPath }));
    const comparison = again.report.comparison!;
    expect(comparison.caveat).toBeNull();
    for (const m of comparison.metrics.filter((x) => !/time/.test(x.metric))) expect(m.difference === null || m.difference === 0, m.metric).toBe(true);
    expect(readFileSync(again.markdownPath, 'utf8')).toContain(`## Compared with ${run.jsonPath}`);
  });
});
