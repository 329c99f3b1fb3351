#!/usr/bin/env bash
# Benchmark of the audio → documentation pipeline on the emulated stack (see tests/bench/pipeline.bench.ts).
set -euo pipefail
charta_root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$charta_root"
source scripts/lib/node22.sh
source scripts/lib/prereqs.sh
source scripts/lib/firestore-emulator.sh
source scripts/lib/ai-emulator.sh
charta_require_system_tools
charta_install_dependencies
charta_firestore_emulator
test_ports=$(node scripts/lib/test-firebase-config.mjs)
charta_require_free_ports $test_ports 19299
npm run --silent build -w functions || echo "charta: build reported type errors"
charta_start_ai_emulator 19299
trap charta_stop_ai_emulator EXIT
npx firebase --config .firebase.test.json emulators:exec --project demo-charta --only auth,firestore,functions \
  "npx tsx tests/bench/pipeline.bench.ts"
