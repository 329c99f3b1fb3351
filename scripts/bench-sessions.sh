#!/usr/bin/env bash
# Benchmark of session listing and search on the Firestore emulator (see tests/bench/sessions.bench.ts).
set -euo pipefail
charta_root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$charta_root"
source scripts/lib/node22.sh
source scripts/lib/prereqs.sh
source scripts/lib/firestore-emulator.sh
source scripts/lib/ai-emulator.sh
charta_install_dependencies
charta_firestore_emulator
test_ports=$(node scripts/lib/test-firebase-config.mjs)
charta_require_free_ports $test_ports 19299
charta_start_ai_emulator 19299
trap charta_stop_ai_emulator EXIT
npx firebase --config .firebase.test.json emulators:exec --project demo-charta --only auth,firestore \
  "npx tsx tests/bench/sessions.bench.ts"
