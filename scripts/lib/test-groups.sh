#!/usr/bin/env bash
# Run by `npm test` inside its emulators:exec: every test file, in two vitest runs side by side.
#
# Why two runs: vitest puts the files of projects without file parallelism (e2e: one browser at a time;
# rules: they clear their own emulator project) in a group of their own, run after every other file. On
# CI's 2 cores that was 690 s of unit and API tests on two workers, then 820 s of browser tests on one
# (the other core mostly idle). Here the browser and rules files run one at a time beside the others, one
# at a time too: as many files at once as before, and the two long queues overlap instead of following
# each other.
#
# The browser run's output goes to a file, printed after both end (two reporters on one terminal would
# interleave line by line); each run writes its JSON report for scripts/test.sh's closing summary.
set -u
artifacts=tests/.artifacts
mkdir -p "$artifacts"
npx vitest run --project e2e --project rules --reporter=default --reporter=json \
  --outputFile.json="$artifacts/vitest-browser.json" > "$artifacts/vitest-browser.log" 2>&1 &
browser_run=$!
npx vitest run --project '!e2e' --project '!rules' --maxWorkers=1 --reporter=default --reporter=json \
  --outputFile.json="$artifacts/vitest.json"
others_status=$?
wait "$browser_run"
browser_status=$?
printf 'others %s\nbrowser %s\n' "$others_status" "$browser_status" > "$artifacts/test-groups.exit"
echo "charta: the browser (e2e) and rules tests, run beside the others:"
cat "$artifacts/vitest-browser.log"
[ "$others_status" -eq 0 ] && [ "$browser_status" -eq 0 ]
