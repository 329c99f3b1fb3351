#!/usr/bin/env bash
# Benchmark of the audio → documentation pipeline on the emulated stack (see tests/bench/pipeline.bench.ts).
source "$(dirname "$0")/lib/setup.sh"
charta_prepare
npm run --silent build -w functions
charta_test_stack
npx firebase --config "$CHARTA_FIREBASE_TEST_CONFIG" emulators:exec --project demo-charta --only auth,firestore,functions \
  "npx tsx tests/bench/pipeline.bench.ts"
# The offline engine on its own (no emulators): real-time factor, memory and word error rate of pocketsphinx.
npx tsx tests/bench/local-speech.bench.ts
