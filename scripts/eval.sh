#!/usr/bin/env bash
# The quality harness (tests/eval/; docs/quality.md "Measuring the note writer: npm run eval"): the configured note
# writer on ACI-Bench, scored and fact-checked. Needs no Firebase emulator; starts the AI emulator itself
# when no NOTE_WRITER is configured.
#   npm run eval                                           # the AI emulator, validation split
#   npm run eval -- --limit 3 --compare <earlier report.json>
source "$(dirname "$0")/lib/node22.sh"
set -euo pipefail
cd "$(dirname "$0")/.."
# The contract's TypeScript sources (its "development" export), as vitest and the API's own tools read them.
npx tsx --conditions=development tests/eval/run.ts "$@"
