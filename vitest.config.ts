import { defineConfig } from 'vitest/config';

// One runner for every kind of test. Each workspace owns its project config; `npm test` runs them all
// under the Firebase emulators (see scripts/test.sh).
export default defineConfig({
  test: {
    projects: ['functions', 'web', 'tests'],
  },
});
