/**
 * ROUGE-1, ROUGE-2 and ROUGE-L F1 of a note against its reference, with js-rouge (MIT, maintained by
 * promptfoo, no dependencies) doing the counting and the LCS.
 *
 * Scored as ACI-Bench's own evaluation scores (Google's rouge-score with its defaults; docs/quality.md "Measuring the
 * note writer: npm run eval"), so our figures sit beside the paper's:
 * - tokens: lower-cased, every run of characters other than a-z and 0-9 a separator (so punctuation never
 *   counts as a matching token, and "58-year-old" is "58 year old"), no stop words removed;
 * - no stemming ("fevers" and "fever" differ), as `evaluate` defaults to;
 * - ROUGE-L is the longest common subsequence of the whole note against the whole reference (rouge-score's
 *   "rougeL"), not the per-sentence union ("rougeLsum"), which js-rouge computes by default: a segmenter
 *   that returns the text as one piece makes its union the plain LCS.
 * js-rouge's own defaults differ (Penn Treebank tokens with punctuation, case kept, sentence union for L)
 * and would not be comparable with the paper.
 */
import { l as rougeL, n as rougeN } from 'js-rouge';

/** rouge-score's default tokenizer without its stemmer (the paper's setting). */
export function rougeTokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((t) => t !== '');
}

export interface RougeScores {
  rouge1: number;
  rouge2: number;
  rougeL: number;
}

/** F1 scores in [0, 1]; 0 when either text has no token (js-rouge refuses empty text). */
export function rouge(candidate: string, reference: string): RougeScores {
  if (rougeTokens(candidate).length === 0 || rougeTokens(reference).length === 0) return { rouge1: 0, rouge2: 0, rougeL: 0 };
  const tokenizer = rougeTokens;
  return {
    rouge1: rougeN(candidate, reference, { n: 1, tokenizer }),
    rouge2: rougeN(candidate, reference, { n: 2, tokenizer }),
    rougeL: rougeL(candidate, reference, { tokenizer, segmenter: (text) => [text] }),
  };
}
