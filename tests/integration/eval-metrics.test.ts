import { describe, expect, it } from 'vitest';
import { builtinTemplate } from '../../functions/src/templates/builtin-templates.js';
import { checkNote, factRecall, noteText, placeholdersOf } from '../eval/metrics.js';
import { compareReports, markdownReport, parseReport, REPORT_FORMAT, summarise, summaryTable, type EncounterResult, type EvalReport } from '../eval/report.js';
import { rouge, rougeTokens } from '../eval/rouge.js';
import { chooseTemplate, noteHeadings } from '../eval/template-choice.js';

// The quality harness's measures (tests/eval; docs/quality.md "Measuring the note writer: npm run eval"), on the
// project's own small texts with figures worked out by hand. The harness itself runs in eval-harness.test.ts.

describe('ROUGE, scored as ACI-Bench scores it', () => {
  it('Tokens: lower case, runs of letters and digits; punctuation is no token', () => {
    expect(rougeTokens("The 58-year-old's BP: 120/80, fevers.")).toEqual(['the', '58', 'year', 'old', 's', 'bp', '120', '80', 'fevers']);
    expect(rouge('Fever.', 'fever')).toEqual({ rouge1: 1, rouge2: 0, rougeL: 1 });
  });

  it('ROUGE-1 and ROUGE-2 are F1 of clipped n-gram counts; no stemming', () => {
    // 3 of 3 candidate words in a 6-word reference: P 1, R 1/2, F1 2/3. Bigrams: 2 of 2 in 5: F1 4/7.
    const scores = rouge('The cat sat.', 'the cat sat on the mat');
    expect(scores.rouge1).toBeCloseTo(2 / 3, 10);
    expect(scores.rouge2).toBeCloseTo(4 / 7, 10);
    // "the" twice in the candidate, once in the reference: one match. Without a stemmer "fevers" is not "fever".
    expect(rouge('the the fevers', 'the fever').rouge1).toBeCloseTo((2 * (1 / 3) * (1 / 2)) / (1 / 3 + 1 / 2), 10);
  });

  it('ROUGE-L is the whole note\'s longest common subsequence (rougeL), not the per-sentence union (rougeLsum)', () => {
    // Whole texts: "on the mat the cat sat" against "the cat sat on the mat" share 3 in order: 3/6. A
    // sentence union would match both sentences in full and give 1.
    expect(rouge('On the mat. The cat sat.', 'The cat sat on the mat.').rougeL).toBeCloseTo(0.5, 10);
    expect(rouge('the mat sat on the cat', 'the cat sat on the mat').rougeL).toBeCloseTo(4 / 6, 10);
  });

  it('An empty note scores 0 rather than throwing', () => {
    expect(rouge('', 'the reference')).toEqual({ rouge1: 0, rouge2: 0, rougeL: 0 });
    expect(rouge('...', 'the reference')).toEqual({ rouge1: 0, rouge2: 0, rougeL: 0 });
  });
});

describe('Fact recall: the reference note\'s numbers, drugs and sides found in ours', () => {
  const reference = 'Right knee pain for 3 weeks. Increase Lasix to 80 mg daily. Continue lisinopril 20 mg. Blood pressure 132/84. Pain 7/10.';

  it('A note with all of them, said otherwise (brand and generic, words and digits), recalls them all', () => {
    const ours = 'The patient reports pain in the right knee for three weeks. Increase furosemide to 80 milligrams once a day. Continue lisinopril 20 mg. BP 132/84. Pain about 7.';
    expect(factRecall(reference, ours)).toEqual({ number: { found: 5, total: 5 }, drug: { found: 2, total: 2 }, laterality: { found: 1, total: 1 } });
  });

  it('The wrong side, a missing drug, another dose and another unit are not found', () => {
    const ours = 'Left knee pain for 3 days. Increase Lasix to 40 mg daily.';
    const recall = factRecall(reference, ours);
    expect(recall.laterality).toEqual({ found: 0, total: 1 });
    expect(recall.drug).toEqual({ found: 1, total: 2 });
    // "3 weeks" is not "3 days"; 80 mg is not 40 mg; 20 mg, 132/84 and 7/10 are not there.
    expect(recall.number).toEqual({ found: 0, total: 5 });
  });

  it('The reference against itself recalls everything; a fact said twice counts once', () => {
    const recall = factRecall(`${reference} Lasix 80 mg again.`, reference);
    expect(recall).toEqual({ number: { found: 5, total: 5 }, drug: { found: 2, total: 2 }, laterality: { found: 1, total: 1 } });
  });
});

describe('The fact check and evidence of our note', () => {
  const segments = [
    { id: 'seg-1', speaker: 'doctor', text: 'are you still taking the lisinopril 20 mg a day ?' },
    { id: 'seg-2', speaker: 'patient', text: 'yes , every morning .' },
    { id: 'seg-3', speaker: 'doctor', text: 'any chest pain ?' },
    { id: 'seg-4', speaker: 'patient', text: 'no .' },
  ];
  const hp = builtinTemplate('history-and-physical')!;
  const section = (id: string, content: string, evidenceIds: string[] = []) => {
    const spec = hp.sections.find((s) => s.id === id)!;
    return { title: spec.title, content, evidenceIds, placeholders: placeholdersOf(spec.instructions) };
  };

  it('Counts the facts, flags those the dialogue does not support, and the sentences linked to a turn', () => {
    const check = checkNote([section('medications', '- Lisinopril 20 mg daily.\n- Atorvastatin 40 mg nightly.', ['seg-1']), section('review-of-systems', '- Denies chest pain.')], segments);
    // Lisinopril, 20 mg, "denies chest pain" supported; atorvastatin and its 40 mg are not.
    expect(check.byKind.drug).toEqual({ facts: 2, flags: 1 });
    expect(check.byKind.number).toEqual({ facts: 2, flags: 1 });
    expect(check.byKind.negation).toEqual({ facts: 1, flags: 0 });
    expect(check).toMatchObject({ facts: 5, flags: 2, sentences: 3, linkedSentences: 2, sectionsNotDiscussed: 0 });
  });

  it('A section left as its instructions say ("Not discussed.", "No examination recorded.") is no unlinked sentence', () => {
    expect(placeholdersOf(hp.sections.find((s) => s.id === 'physical-examination')!.instructions)).toEqual(['No examination recorded.']);
    const check = checkNote([section('allergies', 'Not discussed.'), section('physical-examination', 'No examination recorded.'), section('family-history', 'Not discussed in this session.')], segments);
    expect(check).toMatchObject({ facts: 0, sentences: 0, sectionsNotDiscussed: 3 });
  });

  it('The note as one text is headed like ACI-Bench\'s reference notes', () => {
    expect(noteText([section('allergies', 'Penicillin: rash.'), section('plan', '- Review in 2 weeks.')])).toBe('ALLERGIES\n\nPenicillin: rash.\n\nPLAN\n\n- Review in 2 weeks.');
  });
});

describe('The template closest to the dataset\'s sections', () => {
  const hpLike = 'CHIEF COMPLAINT\n\nCough.\n\nHISTORY OF PRESENT ILLNESS\n\nA dry cough for 4 days.\n\nPHYSICAL EXAM\n\nChest clear.\n\nRESULTS\n\nNone.\n\nASSESSMENT AND PLAN\n\nViral cough. Fluids.';
  const soapLike = 'SUBJECTIVE\n\nCough for 4 days.\n\nOBJECTIVE\n\nChest clear.\n\nASSESSMENT\n\nViral.\n\nPLAN\n\nFluids.';

  it('Headings are all-capital lines of their own, not sentences or fields', () => {
    expect(noteHeadings(`${hpLike}\nBP: 120/80\nCongestive heart failure.`)).toEqual(['CHIEF COMPLAINT', 'HISTORY OF PRESENT ILLNESS', 'PHYSICAL EXAM', 'RESULTS', 'ASSESSMENT AND PLAN']);
  });

  it('ACI-Bench-like headings choose the History and Physical; SOAP headings the SOAP note; DAP headings the DAP note', () => {
    expect(chooseTemplate([hpLike, hpLike]).templateId).toBe('history-and-physical');
    expect(chooseTemplate([soapLike]).templateId).toBe('soap');
    expect(chooseTemplate(['DATA\n\nTalked about work.\n\nASSESSMENT\n\nLess anxious.\n\nPLAN\n\nNext week.']).templateId).toBe('dap');
    const choice = chooseTemplate([hpLike]);
    expect(choice.scores).toHaveLength(8);
    expect(choice.headings).toMatchObject({ 'CHIEF COMPLAINT': 1, 'PHYSICAL EXAM': 1 });
  });
});

describe('The report', () => {
  const ok = (id: string, rouge1: number, found: number, flags: number): EncounterResult => ({
    id,
    collection: 'aci',
    error: null,
    rouge: { rouge1, rouge2: rouge1 / 2, rougeL: rouge1 / 2 },
    factRecall: { number: { found, total: 4 }, drug: { found: 0, total: 0 }, laterality: { found: 1, total: 1 } },
    check: { facts: 10, flags, byKind: { number: { facts: 10, flags }, drug: { facts: 0, flags: 0 }, laterality: { facts: 0, flags: 0 }, negation: { facts: 0, flags: 0 } }, sentences: 10, linkedSentences: 8, sectionsNotDiscussed: 2 },
    timeMs: 1000,
    tokens: { prompt: 3000, output: 500 },
  });
  const failed: EncounterResult = { id: 'D3', collection: 'aci', error: 'Gemini request failed (503)', rouge: null, factRecall: null, check: null, timeMs: null, tokens: null };
  const report = (encounters: EncounterResult[]): EvalReport => ({
    format: REPORT_FORMAT,
    date: '2026-01-01T00:00:00.000Z',
    configuration: {
      writer: { engine: 'gemini', model: 'ai-emulator/gemini-2.5-flash', promptVersion: 'note-v2', where: 'the local AI emulator', simulated: true },
      template: { id: 'history-and-physical', name: 'History and Physical', how: 'as given (--template)', scores: [] },
      dataset: { name: 'ACI-Bench', dir: '/data', split: 'valid', encountersInSplit: 20, limit: null },
      rouge: { library: 'js-rouge', tokens: 't', stemming: 's', rougeL: 'l' },
    },
    summary: summarise(encounters),
    encounters,
    comparison: null,
  });

  it('In all: ROUGE the mean of the notes; rates over all notes\' facts and sentences together; failures apart', () => {
    const s = summarise([ok('D1', 0.4, 4, 1), ok('D2', 0.6, 0, 3), failed]);
    expect(s).toMatchObject({ encounters: 3, written: 2, failed: 1 });
    expect(s.rouge1).toBeCloseTo(0.5, 10);
    expect(s.factRecall.all).toEqual({ rate: 6 / 10, count: 6, of: 10 });
    expect(s.factRecall.drug).toEqual({ rate: null, count: 0, of: 0 });
    expect(s.unsupportedFacts.all).toEqual({ rate: 4 / 20, count: 4, of: 20 });
    expect(s.evidenceCoverage.rate).toBeCloseTo(0.8, 10);
    expect(s.timeMs).toEqual({ mean: 1000, median: 1000, total: 2000 });
    expect(s.tokens).toEqual({ meanPrompt: 3000, meanOutput: 500, totalPrompt: 6000, totalOutput: 1000 });
  });

  it('Compared with a previous report: each metric\'s difference, and a caveat when the notes differ', () => {
    const before = report([ok('D1', 0.4, 4, 1), ok('D2', 0.4, 0, 3)]);
    const after = report([ok('D1', 0.5, 4, 1), ok('D2', 0.5, 4, 1)]);
    const c = compareReports(before, after, 'before.json');
    expect(c.caveat).toBeNull();
    expect(c.metrics.find((m) => m.metric === 'ROUGE-1')!.difference).toBeCloseTo(0.1, 10);
    expect(c.metrics.find((m) => m.metric === 'fact recall')).toMatchObject({ before: 0.6, after: 1 });
    expect(c.metrics.find((m) => m.metric === 'unsupported facts')!.difference).toBeCloseTo(-0.1, 10);
    expect(compareReports(report([ok('D1', 0.4, 4, 1)]), after, 'x.json').caveat).toMatch(/differ/);
    expect(compareReports(before, before, 'same.json').metrics.every((m) => m.difference === 0 || m.difference === null)).toBe(true);
  });

  it('Refuses to compare with a file that is not one of its reports', () => {
    expect(() => parseReport('{"rouge1": 0.5}', 'other.json')).toThrow(/not a report of this harness/);
    expect(() => parseReport('not json', 'x.txt')).toThrow(/not JSON/);
    expect(parseReport(JSON.stringify(report([ok('D1', 0.4, 4, 1)])), 'r.json').summary.written).toBe(1);
  });

  it('The Markdown has the summary table, a row per encounter and the failure\'s reason', () => {
    const r = report([ok('D1', 0.4, 4, 1), failed]);
    r.comparison = compareReports(r, r, 'same.json');
    const md = markdownReport(r);
    expect(summaryTable(r)).toContain('| ROUGE-1 | 40.0 |');
    expect(md).toContain('| fact recall | 100.0 % (5 / 5) |');
    expect(md).toContain('| D1 | aci | 40.0 | 20.0 | 20.0 | 100.0 % (5 / 5) | 10.0 % (1 / 10) | 80.0 % | 1.00 s | 3000 / 500 |');
    expect(md).toContain('| D3 | aci | failed: Gemini request failed (503) |');
    expect(md).toContain('## Compared with same.json');
    expect(md).toContain('| ROUGE-1 | 40.0 | 40.0 | 0.0 |');
  });
});
