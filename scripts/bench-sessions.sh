#!/usr/bin/env bash
# Benchmark of session listing and search on the Firestore emulator (see tests/bench/sessions.bench.ts).
source "$(dirname "$0")/lib/setup.sh"
charta_prepare
charta_test_stack
npx firebase --config "$CHARTA_FIREBASE_TEST_CONFIG" emulators:exec --project demo-charta --only auth,firestore \
  "npx tsx tests/bench/sessions.bench.ts"
