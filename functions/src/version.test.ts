import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_VERSION } from './version.js';

describe('APP_VERSION', () => {
  it('Is the spec version, and every package says the same', () => {
    expect(APP_VERSION).toBe('0.2.11');
    for (const pkg of ['../../package.json', '../package.json', '../../web/package.json']) {
      const { version } = JSON.parse(readFileSync(new URL(pkg, import.meta.url), 'utf8')) as { version: string };
      expect(version, pkg).toBe(APP_VERSION);
    }
  });
});
