import { defineConfig } from 'vitest/config';

// Unit tests beside the code; they need no emulator.
export default defineConfig({
  test: {
    name: 'functions',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
