#!/usr/bin/env bash
# `npm run test:some -- <vitest filters and flags>`: some of the tests, quickly, with the emulators up, for a
# developer at work (the README's `npm test` runs everything, with lint, type-check and builds). Skips the
# lint and the web build; builds the API only where the full stack is asked for.
#   npm run test:some -- tests/integration/sessions.test.ts        # Auth + Firestore emulators, in-process API
#   CHARTA_FULL_STACK=1 npm run test:some -- tests/integration/pipeline.test.ts   # + Functions and Hosting
#   CHARTA_TEST_PORT_OFFSET=20000 npm run test:some -- ...          # beside another run (ports + 20000)
source "$(dirname "$0")/lib/setup.sh"
charta_prepare
charta_test_stack
emulators="auth,firestore"
if [ "${CHARTA_FULL_STACK:-0}" = 1 ]; then
  emulators="auth,firestore,functions,hosting"
  npm run --silent build -w functions
fi
echo "charta: running some tests with the emulators ($emulators) from $CHARTA_FIREBASE_TEST_CONFIG"
# As npm test does: under load the Functions emulator can take longer than its 10 s default to load the API.
export FUNCTIONS_DISCOVERY_TIMEOUT=${FUNCTIONS_DISCOVERY_TIMEOUT:-60}
npx firebase --config "$CHARTA_FIREBASE_TEST_CONFIG" emulators:exec --project demo-charta --only "$emulators" "npx vitest run $*"
