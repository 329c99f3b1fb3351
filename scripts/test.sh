#!/usr/bin/env bash
# The README's test command (`npm test`): sets everything up on a fresh clone, then runs every test
# (lint and type-check, unit, API integration, rules, end-to-end) with the Firebase emulators up.
# Exits non-zero on any failure.
source "$(dirname "$0")/lib/setup.sh"
# Each phase's time, printed at the end with the counts: what a CI reader needs to see where the minutes go.
phase_times=""
phase_started=$SECONDS
phase_done() { phase_times="$phase_times $1 $((SECONDS - phase_started))s,"; phase_started=$SECONDS; }
charta_prepare
charta_test_stack
phase_done setup
rm -f tests/.artifacts/vitest.json tests/.artifacts/vitest-local-engine.json tests/.artifacts/vitest-storage-rules.json

echo "charta: lint and type-check"
npm run --silent check
phase_done check

echo "charta: building the API and the web app (emulator mode)"
npm run --silent build -w functions
# The test build's web app talks to the test Auth emulator.
VITE_AUTH_EMULATOR_URL=http://127.0.0.1:19099 npm run --silent build:emulator -w web
# The browser extension (tests/e2e/extension.e2e.test.ts loads extension/dist unpacked), on the test ports.
CHARTA_EXTENSION_MODE=emulator VITE_API_BASE_URL="$CHARTA_APP_URL" VITE_AUTH_EMULATOR_URL=http://127.0.0.1:19099 npm run --silent build:extension
phase_done builds

mkdir -p tests/.artifacts
# firebase-tools' Storage emulator is left out here: audio goes to the local Cloud Storage emulator
# (STORAGE_EMULATOR_HOST, scripts/lib/gcs-emulator.sh), which firebase-tools would re-point at its own. It
# serves storage.rules alone, in a phase of its own below, where it can run (CHARTA_WITH_STORAGE=1: it needs
# a rules-runtime jar that cannot be fetched offline); the main phase's storage rules suite says it skipped.
emulators="auth,firestore,functions,hosting"
echo "charta: running the tests with the emulators ($emulators), the AI emulator ($AI_EMULATOR_URL) and the Cloud Storage emulator ($STORAGE_EMULATOR_HOST)"
# firebase-tools gives the Functions emulator 10 s to load the API, then runs the tests without it (every API
# call 404 until it loads): seen at load 16 on 2 cores. 60 s, for both phases.
export FUNCTIONS_DISCOVERY_TIMEOUT=${FUNCTIONS_DISCOVERY_TIMEOUT:-60}
status=0
# Two test files at a time: vitest's default is one worker fewer than the cores, one on CI's 2 cores, so every
# file ran in turn while the other core sat idle (a jsdom page test uses one core, an API test mostly waits for
# the emulators). e2e and rules keep one file at a time (fileParallelism: false in vitest.config.mts), after the
# others. (Running them beside the others, in a second vitest run, was tried on 2026-11-28 and left: with one
# worker for the rest it was no faster, and a third file at once on two cores is a bet nobody measured.)
npx firebase --config "$CHARTA_FIREBASE_TEST_CONFIG" emulators:exec --project demo-charta --only "$emulators" \
  "npx vitest run --maxWorkers=2 --reporter=default --reporter=json --outputFile.json=tests/.artifacts/vitest.json $*" || status=$?
main_status=$status
phase_done tests

# Second phase: microphone -> pocketsphinx -> transcript and note, on the emulators started again with the real
# offline engine (scripts/lib/transcriber.sh; about 2.5 minutes). Left out when the command was given filters.
if [ $# -eq 0 ]; then
  charta_local_engine_tests tests/.artifacts/vitest-local-engine.json "$emulators" || status=$?
  phase_done local-engine
fi

# Where firebase-tools' Storage emulator can run: storage.rules against it, alone (Firebase's client SDK and
# rules; the API never reads through it).
if [ $# -eq 0 ] && [ "${CHARTA_WITH_STORAGE:-0}" = 1 ]; then
  echo "charta: storage.rules on firebase-tools' Storage emulator (CHARTA_WITH_STORAGE=1)"
  npx firebase --config "$CHARTA_FIREBASE_TEST_CONFIG" emulators:exec --project demo-charta --only storage \
    "npx vitest run --project rules --reporter=default --reporter=json --outputFile.json=tests/.artifacts/vitest-storage-rules.json tests/rules/storage.rules.test.ts" || status=$?
fi

# One closing line a CI reader understands, from vitest's own JSON reports. The main phase skips the tests
# the later phases run (pocketsphinx, storage.rules): counted once, as they ended there.
CHARTA_MAIN_STATUS=$main_status node -e '
  const fs = require("node:fs");
  const read = (f) => (fs.existsSync(`tests/.artifacts/${f}`) ? require(`./tests/.artifacts/${f}`) : null);
  const main = read("vitest.json");
  const later = [read("vitest-local-engine.json"), read("vitest-storage-rules.json")].filter(Boolean);
  if (!main && later.length === 0) throw new Error("no report");
  const count = (r, key) => (r ? r[key] : 0);
  const sum = (key) => later.reduce((total, r) => total + count(r, key), 0);
  const skipped = count(main, "numPendingTests") + count(main, "numTodoTests") - (main ? sum("numTotalTests") : 0) + sum("numPendingTests") + sum("numTodoTests");
  // The failures by name, last: a CI log is often read from its end.
  for (const report of [main, ...later].filter(Boolean))
    for (const file of report.testResults)
      for (const test of file.assertionResults)
        if (test.status === "failed") {
          console.log(`charta: FAILED ${file.name.replace(process.cwd() + "/", "")} > ${test.fullName}`);
          // Why, in a few lines (the assertion and where it stood): the full output scrolls out of a CI tail.
          const why = (test.failureMessages || []).join("\n").replace(/\x1b\[[0-9;]*m/g, "").split("\n").filter((l) => l.trim()).slice(0, 6);
          for (const line of why) console.log(`charta:   ${line.trim().slice(0, 200)}`);
        }
  // The main run can fail with every test passed: an error outside any test (an unhandled rejection, an error
  // event nobody heard), which its JSON report does not show.
  if (process.env.CHARTA_MAIN_STATUS !== "0" && count(main, "numFailedTests") === 0) console.log(`charta: the main vitest run exited ${process.env.CHARTA_MAIN_STATUS} with no test failed: an error outside any test (see "Unhandled Errors" in the log)`);
  console.log(`charta: ${count(main, "numPassedTests") + sum("numPassedTests")} passed, ${count(main, "numFailedTests") + sum("numFailedTests")} failed, ${Math.max(0, skipped)} skipped`);
' 2>/dev/null || echo "charta: no test report was written"
echo "charta: time by phase:${phase_times%,} (total ${SECONDS}s)"
exit "$status"
