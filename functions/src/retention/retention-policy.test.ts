import { DAY_MS } from '@charta/contract';
import { describe, expect, it } from 'vitest';
import { dueSetting, isPassDue } from './retention-policy.js';

const now = new Date('2026-12-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('dueSetting: a part is due once exactly its days old', () => {
  it('7 days: due at 7 days, not a millisecond before', () => {
    expect(dueSetting(7, ago(7 * DAY_MS), now)).toBe(7);
    expect(dueSetting(7, ago(7 * DAY_MS - 1), now)).toBeNull();
  });

  it('When the note is ready (0): due at once', () => {
    expect(dueSetting(0, ago(0), now)).toBe(0);
  });

  it('Kept (null), or nothing held: never', () => {
    expect(dueSetting(null, ago(10_000 * DAY_MS), now)).toBeNull();
    expect(dueSetting(7, null, now)).toBeNull();
    expect(dueSetting(7, undefined, now)).toBeNull();
  });
});

describe('isPassDue: one pass a UTC day', () => {
  it('None yet, or the last began on an earlier day', () => {
    expect(isPassDue(null, now)).toBe(true);
    expect(isPassDue('2026-12-09T23:59:59.999Z', now)).toBe(true);
    expect(isPassDue('2026-12-10T00:00:00.000Z', now)).toBe(false);
  });
});
