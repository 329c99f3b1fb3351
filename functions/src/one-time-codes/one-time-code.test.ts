import { ONE_TIME_CODE } from '@charta/contract';
import { describe, expect, it } from 'vitest';
import { codeMatches, issueCode, liveRecord, newCode, OneTimeCodeKeys } from './one-time-code.js';

const keys = new OneTimeCodeKeys('a-test-key-of-enough-length-for-hmac-use');
const now = new Date('2026-03-01T10:00:00Z');

describe('one-time codes', () => {
  it('Makes six digits, leading zeros kept, spread over every digit', () => {
    const codes = Array.from({ length: 2000 }, newCode);
    for (const code of codes) expect(code).toMatch(/^[0-9]{6}$/);
    expect(new Set(codes.join('')).size).toBe(10);
    expect(new Set(codes).size).toBeGreaterThan(1990);
  });

  it('Stores neither the code nor anything that holds it in clear', () => {
    const { code, record } = issueCode(keys, now);
    expect(JSON.stringify(record)).not.toContain(code);
    expect(record.codeDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(record.expiresAt).toBe(new Date(now.getTime() + ONE_TIME_CODE.validForMs).toISOString());
  });

  it('Matches the right code within its time, and nothing else', () => {
    const { code, record } = issueCode(keys, now);
    expect(codeMatches(keys, record, code)).toBe(true);
    expect(codeMatches(keys, record, code === '000000' ? '000001' : '000000')).toBe(false);
    expect(liveRecord(record, now)).toEqual({ accepted: true, record });
    expect(liveRecord(record, new Date(Date.parse(record.expiresAt)))).toEqual({ accepted: false, reason: 'expired' });
    expect(liveRecord(undefined, now)).toEqual({ accepted: false, reason: 'no_code' });
  });

  it('Binds a code to its sending: the same digits from another sending or another key do not match', () => {
    const first = issueCode(keys, now);
    const second = issueCode(keys, now);
    expect(codeMatches(keys, second.record, first.code)).toBe(first.code === second.code);
    expect(codeMatches(keys, { ...second.record, codeDigest: keys.codeDigest(first.record.issueId, second.code) }, second.code)).toBe(false);
    expect(codeMatches(new OneTimeCodeKeys('another-key-another-key-another-key!!'), first.record, first.code)).toBe(false);
    expect(keys.emailKey('ann@example.org')).not.toBe(keys.emailKey('bob@example.org'));
  });
});
