#!/usr/bin/env bash
# `npm run bench:pipeline [-- minutes...] [--script] [--data <dir>]` (tests/bench/consultation-args.ts): the
# offline engine on its own, then the wait after Stop on the emulated stack, both on the same synthesized
# consultation (tests/support/consultation-speech.ts: ACI-Bench dialogues, or the built-in script; 5, 30 and
# 60 minutes unless minutes are given). Nothing else should run on the machine meanwhile: the figures are times.
# BENCH_PACE=2 sends the live chunks twice as fast as spoken; BENCH_ONE_PASS_ONLY=1 skips local-speech's windows;
# BENCH_REUSE_ONE_PASS=1 skips local-speech altogether when tests/.artifacts/bench/one-pass-wer.json already holds
# every length asked for (the one pass does not change with the pipeline; pipeline.bench.ts shows no one-pass
# figure for audio whose checksum differs from the one measured).
#   tests/bench/local-speech.bench.ts  pocketsphinx in one pass over the whole file against the same audio
#                                      in windows as the pipeline cuts them: speed, memory, word error rates
#   tests/bench/pipeline.bench.ts      recorded live (chunks at BENCH_PACE × the pace of speech, 1 unless set)
#                                      and uploaded after the fact, through the Functions emulator's API, with
#                                      TRANSCRIBER=pocketsphinx: final chunk → ready, windows, runs
# Ports: the test stack's (CHARTA_TEST_PORT_OFFSET, 10000 unless set).
source "$(dirname "$0")/lib/setup.sh"
charta_prepare
npm run --silent build -w functions
mkdir -p tests/.artifacts/bench
# First, with no emulators running: its one-pass word error rates are what the pipeline's are compared with.
if [ "${BENCH_REUSE_ONE_PASS:-}" = 1 ] && node -e '
  const f = "tests/.artifacts/bench/one-pass-wer.json";
  const known = require("fs").existsSync(f) ? Object.keys(JSON.parse(require("fs").readFileSync(f, "utf8")).onePass) : [];
  const asked = process.argv.slice(1).filter((a) => /^[0-9]+$/.test(a));
  process.exit(asked.length > 0 && asked.every((m) => known.includes(m)) ? 0 : 1);' -- "$@"; then
  echo "bench: one pass reused from tests/.artifacts/bench/one-pass-wer.json (BENCH_REUSE_ONE_PASS=1)"
else
  npx tsx tests/bench/local-speech.bench.ts "$@"
fi
charta_test_stack
export CHARTA_API_URL="http://127.0.0.1:$((5001 + ${CHARTA_TEST_PORT_OFFSET:-10000}))/demo-charta/us-central1/api"
# The real offline engine behind the API and the trigger, as the second phase of `npm test` runs it
# (scripts/lib/transcriber.sh); the AI emulator writes the notes. FUNCTIONS_DISCOVERY_TIMEOUT: see scripts/test.sh.
TRANSCRIBER=pocketsphinx FUNCTIONS_DISCOVERY_TIMEOUT=${FUNCTIONS_DISCOVERY_TIMEOUT:-60} \
  npx firebase --config "$CHARTA_FIREBASE_TEST_CONFIG" emulators:exec --project demo-charta --only auth,firestore,functions \
  "npx tsx tests/bench/pipeline.bench.ts $*"
