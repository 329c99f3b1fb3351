import { describe, expect, it } from 'vitest';
import { ONE_TIME_CODE, sendCodeBody, verifyCodeBody } from './auth.js';

describe('one-time code bodies', () => {
  it('Reads an email as Firebase Auth compares it: trimmed and lower-cased', () => {
    expect(sendCodeBody.parse({ email: '  Ann.Smith@Example.ORG ' })).toEqual({ email: 'ann.smith@example.org' });
  });

  it('Refuses what is not an email, an over-long one, and unknown fields', () => {
    for (const email of ['', 'ann', 'ann@', '@example.org', `${'a'.repeat(250)}@example.org`, 42]) {
      expect(sendCodeBody.safeParse({ email }).success, String(email)).toBe(false);
    }
    expect(sendCodeBody.safeParse({ email: 'ann@example.org', uid: 'x' }).success).toBe(false);
  });

  it('Takes exactly the code length in digits', () => {
    expect(verifyCodeBody.parse({ email: 'ann@example.org', code: ' 012345 ' }).code).toBe('012345');
    for (const code of ['12345', '1234567', '12345a', '１２３４５６', 123456]) {
      expect(verifyCodeBody.safeParse({ email: 'ann@example.org', code }).success, String(code)).toBe(false);
    }
    expect(ONE_TIME_CODE.length).toBe(6);
  });
});
