/**
 * What the speech benchmarks (local-speech.bench.ts, pipeline.bench.ts; `npm run bench:pipeline`) are asked
 * for on their command line, read the same way by both so they speak the same audio:
 *   [minutes...] or --minutes 5,30   the lengths (the benchmark's own when none is given)
 *   --script                         the built-in 11-line script repeated, instead of ACI-Bench
 *   --from <n>                       start at ACI-Bench's n-th validation encounter (0 first), so recordings of
 *                                    one length can be measured on different consultations
 *   --data <dir>                     ACI-Bench's folder (else ACI_BENCH_DIR, else ../shared/eval/aci-bench)
 * Without the dataset (and without --script) the built-in script is spoken, and the output says so.
 */
import { aciBenchDialogue, SCRIPT_DIALOGUE, type Dialogue } from '../support/consultation-speech.js';
import { hasDataset, readEncounters, resolveDatasetDir } from './aci-bench.js';

export interface ConsultationArgs {
  minutes: number[] | null;
  dialogue: Dialogue;
}

export function consultationArgs(argv: readonly string[] = process.argv.slice(2)): ConsultationArgs {
  const minutes: number[] = [];
  let script = false;
  let data: string | undefined;
  let from = 0;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--script') script = true;
    else if (arg === '--data') data = argv[++i];
    else if (arg === '--from') from = Number(argv[++i]);
    else if (arg === '--minutes') minutes.push(...(argv[++i] ?? '').split(',').map(Number));
    else if (/^\d+(\.\d+)?$/.test(arg)) minutes.push(Number(arg));
    else throw new Error(`unknown argument ${arg} (expected minutes, --minutes 5,30, --script, --from <n> or --data <dir>)`);
  }
  if (minutes.some((m) => !(m > 0))) throw new Error('minutes must be positive numbers');
  if (!Number.isInteger(from) || from < 0) throw new Error('--from takes an encounter number (0 is the first)');
  const dir = resolveDatasetDir(data ?? process.env['ACI_BENCH_DIR']);
  let dialogue = SCRIPT_DIALOGUE;
  if (!script && hasDataset(dir)) {
    const encounters = readEncounters(dir, ['valid']);
    if (from >= encounters.length) throw new Error(`--from ${from}: the validation split has ${encounters.length} encounters`);
    // Rotated, not cut: a long recording starting late still runs through every encounter.
    dialogue = aciBenchDialogue([...encounters.slice(from), ...encounters.slice(0, from)]);
    if (from > 0) dialogue = { ...dialogue, name: `${dialogue.name}, from encounter ${from} (${encounters[from]!.id})` };
  }
  else if (!script) dialogue = { ...SCRIPT_DIALOGUE, name: `${SCRIPT_DIALOGUE.name} (ACI-Bench not found in ${dir})` };
  return { minutes: minutes.length ? minutes : null, dialogue };
}
