#!/usr/bin/env bash
# The fact check on ACI-Bench (see tests/bench/fact-check.bench.ts): no emulator, only the dataset's CSVs.
#   npm run bench:facts                          # the copy at ../shared/eval/aci-bench
#   npm run bench:facts -- --data <dir> --seed 21 --sample 20 --json report.json
source "$(dirname "$0")/lib/node22.sh"
set -euo pipefail
cd "$(dirname "$0")/.."
# The contract's TypeScript sources (its "development" export), as vitest and the API's own tools read them.
npx tsx --conditions=development tests/bench/fact-check.bench.ts "$@"
