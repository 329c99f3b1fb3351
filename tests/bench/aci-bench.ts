/**
 * ACI-Bench (Yim et al., "ACI-BENCH: a Novel Ambient Clinical Intelligence Dataset for Benchmarking Automatic
 * Visit Note Generation", Nature Scientific Data 2023; CC BY 4.0): doctor–patient dialogues with the note
 * written from each. Read from a copy outside the repository (never copied into it): docs/quality.md's
 * "Sentence evidence and the fact check" says where, and `--data <dir>` or ACI_BENCH_DIR points elsewhere.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'csv-parse/sync';

export const ACI_BENCH_SPLITS = ['train', 'valid', 'clinicalnlp_taskB_test1', 'clinicalnlp_taskC_test2'] as const;
export type AciBenchSplit = (typeof ACI_BENCH_SPLITS)[number];

export interface Encounter {
  split: AciBenchSplit;
  id: string;
  /** virtassist, virtscribe or aci: how the conversation was collected. */
  collection: string;
  /** The dialogue as transcript segments: one per turn, speaker "doctor" or "patient". */
  segments: { id: string; speaker: string; text: string }[];
  note: string;
}

/** Where the dataset lies when nothing says otherwise: beside the repository, as CI machines have it. */
export const DEFAULT_DATASET_DIR = '../shared/eval/aci-bench';

/** A folder given relative to the repository's root (or absolute); by default DEFAULT_DATASET_DIR. */
export function resolveDatasetDir(given?: string): string {
  return resolve(import.meta.dirname, '../..', given || DEFAULT_DATASET_DIR);
}

/** Whether the folder holds the dataset (its validation split, which every file set has). */
export const hasDataset = (dir: string): boolean => existsSync(join(dir, 'valid.csv'));

/** The dataset's folder: `--data <dir>`, else ACI_BENCH_DIR, else ../shared/eval/aci-bench beside the repository. */
export function datasetDir(argv: readonly string[] = process.argv): string {
  const flag = argv.indexOf('--data');
  const dir = resolveDatasetDir(flag >= 0 ? argv[flag + 1] : process.env['ACI_BENCH_DIR']);
  if (!hasDataset(dir)) throw new Error(`ACI-Bench not found in ${dir} (give its folder with --data <dir> or ACI_BENCH_DIR)`);
  return dir;
}

export function readEncounters(dir: string, splits: readonly AciBenchSplit[] = ACI_BENCH_SPLITS): Encounter[] {
  return splits.flatMap((split) => {
    const rows = parse<Record<string, string>>(readFileSync(join(dir, `${split}.csv`), 'utf8'), { columns: true, skip_empty_lines: true });
    return rows.map((row) => ({
      split,
      id: row['encounter_id'] ?? '',
      collection: row['dataset'] ?? '',
      segments: dialogueSegments(row['dialogue'] ?? ''),
      note: row['note'] ?? '',
    }));
  });
}

/** "[doctor] ..." / "[patient] ..." turns as segments; a line without a tag continues the turn before it. */
export function dialogueSegments(dialogue: string): Encounter['segments'] {
  const segments: Encounter['segments'] = [];
  for (const line of dialogue.split(/\r?\n/)) {
    const turn = /^\s*\[(\w+)\]\s*(.*)$/.exec(line);
    if (turn) segments.push({ id: `seg-${segments.length + 1}`, speaker: turn[1]!.toLowerCase(), text: turn[2]!.trim() });
    else if (line.trim() && segments.length > 0) segments[segments.length - 1]!.text += ` ${line.trim()}`;
  }
  return segments;
}
