#!/usr/bin/env bash
# The README's test command (`npm test`): sets everything up on a fresh clone, then runs every test
# (lint and type-check, unit, API integration, rules, end-to-end) with the Firebase emulators up.
# Exits non-zero on any failure.
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
# The tests use their own ports (the usual ones + 10000), so they can run beside `npm start`.
test_ports=$(node scripts/lib/test-firebase-config.mjs)
charta_require_free_ports $test_ports 19299

echo "charta: lint and type-check"
npm run --silent check

echo "charta: building the API and the web app (emulator mode)"
npm run --silent build -w functions
# The test build's web app talks to the test Auth emulator.
VITE_AUTH_EMULATOR_URL=http://127.0.0.1:19099 npm run --silent build:emulator -w web

mkdir -p tests/.artifacts
# The Storage emulator is left out: it needs a rules-runtime jar that cannot be fetched offline; the
# storage rules suite says so and skips. Set CHARTA_WITH_STORAGE=1 where it can run.
emulators="auth,firestore,functions,hosting"
[ "${CHARTA_WITH_STORAGE:-0}" = 1 ] && emulators="$emulators,storage"
charta_start_ai_emulator 19299
# Short limits on the outside calls, so tests that inject timeouts finish in seconds (inherited by the
# Functions emulator's API and pipeline).
export GEMINI_TIMEOUT_MS=6000 SPEECH_TIMEOUT_MS=6000 AI_RETRY_ATTEMPTS=2 AI_RETRY_FIRST_DELAY_MS=300
trap charta_stop_ai_emulator EXIT
echo "charta: running the tests with the emulators ($emulators) and the AI emulator ($AI_EMULATOR_URL)"
status=0
CHARTA_APP_URL=http://localhost:15000 npx firebase --config .firebase.test.json emulators:exec --project demo-charta --only "$emulators" \
  "npx vitest run --reporter=default --reporter=json --outputFile.json=tests/.artifacts/vitest.json $*" || status=$?

# One closing line a CI reader understands, from vitest's own JSON report.
node -e '
  const r = require("./tests/.artifacts/vitest.json");
  console.log(`charta: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
' 2>/dev/null || echo "charta: no test report was written"
exit "$status"
