import { describe, expect, it } from 'vitest';
import { DEFAULT_LIBRARY_CONFIG, libraryConfigFromEnv } from './library-config.js';

describe('LIBRARY_REPORTS_TO_HIDE', () => {
  it('defaults to 3 different reporters and takes a whole number from 1 to 100', () => {
    expect(DEFAULT_LIBRARY_CONFIG.reportsToHide).toBe(3);
    expect(libraryConfigFromEnv({}).reportsToHide).toBe(3);
    expect(libraryConfigFromEnv({ LIBRARY_REPORTS_TO_HIDE: '5' }).reportsToHide).toBe(5);
  });

  it.each(['0', '-1', '2.5', 'three', '101'])('stops the start on %j, naming the variable', (value) => {
    expect(() => libraryConfigFromEnv({ LIBRARY_REPORTS_TO_HIDE: value })).toThrow(/LIBRARY_REPORTS_TO_HIDE/);
  });
});
