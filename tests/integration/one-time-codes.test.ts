// Sign-in by a code sent by email (POST /auth/send-code, /auth/verify-code), against the Auth and Firestore
// emulators and the local mail catcher the test stack starts: the code is read from the catcher as a user
// reads it, and the custom token is signed in with on the Auth emulator.
import { randomUUID } from 'node:crypto';
import { DEFAULT_LIMITS, type LimitsConfig } from '../../functions/src/limits/limits-config.js';
import { OneTimeCodeKeys } from '../../functions/src/one-time-codes/one-time-code.js';
import { INVALID_ONE_TIME_CODE_MESSAGE, ONE_TIME_CODE } from '@charta/contract';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser, signIn } from '../support/auth-users.js';
import { authEmulatorHost } from '../support/emulators.js';
import { latestCode, mailTo } from '../support/mail-catcher.js';

const SEND = '/api/v1/auth/send-code';
const VERIFY = '/api/v1/auth/verify-code';

const { app, db, auth, logger } = emulatorApi();
const keys = new OneTimeCodeKeys(process.env['OTP_HMAC_SECRET'] ?? '');

const newEmail = () => `code-${randomUUID()}@test.charta.local`;
const otherCode = (code: string) => String((Number(code) + 1) % 10 ** ONE_TIME_CODE.length).padStart(ONE_TIME_CODE.length, '0');

function expectInvalidCode(res: request.Response) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toEqual({ error: { code: 'invalid_argument', message: INVALID_ONE_TIME_CODE_MESSAGE, field: 'code' } });
}

async function sendCode(email: string, api = app) {
  const res = await request(api).post(SEND).send({ email });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body).toEqual({ sent: true });
  return latestCode(email);
}

/** What the web app does with the answer: signInWithCustomToken, here by the Auth emulator's REST API. */
async function signInWithCustomToken(customToken: string): Promise<{ idToken: string; localId: string }> {
  const res = await fetch(`http://${authEmulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: customToken, returnSecureToken: true }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as { idToken: string };
  const decoded = await auth.verifyIdToken(body.idToken);
  return { idToken: body.idToken, localId: decoded.uid };
}

const storedRecord = async (email: string) => (await db.collection('oneTimeCodes').doc(keys.emailKey(email)).get()).data();

/** Guesses compared with the email's current code: the guess places taken (each create-only). */
async function guessesCounted(email: string): Promise<number> {
  const record = await storedRecord(email);
  const refs = Array.from({ length: ONE_TIME_CODE.maxWrongAttempts }, (_, n) => db.collection('oneTimeCodeGuesses').doc(`${keys.emailKey(email)}-${String(record?.['issueId'])}-${n}`));
  return (await db.getAll(...refs)).filter((snap) => snap.exists).length;
}

describe('Sign-in by a one-time code', () => {
  it('Happy path: the emailed code gives a custom token that signs in on the Auth emulator, as a new verified account', async () => {
    const email = newEmail();
    const code = await sendCode(email);
    const [mail] = await mailTo(email);
    expect(mail?.subject).toBe('Your Charta sign-in code');
    expect(mail?.text.split('\n')).toContain(code);

    const res = await request(app).post(VERIFY).send({ email, code }).expect(200);
    expect(Object.keys(res.body)).toEqual(['customToken']);
    const { idToken, localId } = await signInWithCustomToken(res.body.customToken);
    const user = await auth.getUserByEmail(email);
    expect(user.uid).toBe(localId);
    expect(user.emailVerified).toBe(true);
    // Verified from the token itself, so the account may create sessions at once.
    const session = await request(app).post('/api/v1/session/create_session').set('Authorization', `Bearer ${idToken}`).field('patientName', 'Ana Patiño').field('templateId', 'soap');
    expect(session.status).toBe(201);
    expect(logger.entries.some((e) => e.event === 'one_time_code_sign_in' && e.fields['uid'] === localId && e.fields['created'] === true)).toBe(true);
  });

  it('Signs an existing account in as itself; reading the email in any case is the same address', async () => {
    const existing = await createTestUser();
    const code = await sendCode(`  ${existing.email.toUpperCase()} `);
    const res = await request(app).post(VERIFY).send({ email: existing.email, code }).expect(200);
    expect((await signInWithCustomToken(res.body.customToken)).localId).toBe(existing.uid);
  });

  it('A code works once: used again, it answers the same 400 as a wrong one', async () => {
    const email = newEmail();
    const code = await sendCode(email);
    await request(app).post(VERIFY).send({ email, code }).expect(200);
    expectInvalidCode(await request(app).post(VERIFY).send({ email, code }));
  });

  it('Five wrong tries kill the code: the right one then answers the same 400', async () => {
    const email = newEmail();
    const code = await sendCode(email);
    for (let i = 0; i < ONE_TIME_CODE.maxWrongAttempts; i++) expectInvalidCode(await request(app).post(VERIFY).send({ email, code: otherCode(code) }));
    expectInvalidCode(await request(app).post(VERIFY).send({ email, code }));
    expect(await guessesCounted(email)).toBe(ONE_TIME_CODE.maxWrongAttempts);
  });

  it('Expires after 10 minutes (and works until then)', async () => {
    let clock = Date.now();
    const timed = emulatorApi({ now: () => new Date(clock) });
    const email = newEmail();
    const code = await sendCode(email, timed.app);
    clock += ONE_TIME_CODE.validForMs;
    expectInvalidCode(await request(timed.app).post(VERIFY).send({ email, code }));

    const second = newEmail();
    const secondCode = await sendCode(second, timed.app);
    clock += ONE_TIME_CODE.validForMs - 1_000;
    await request(timed.app).post(VERIFY).send({ email: second, code: secondCode }).expect(200);
  });

  it('A new code replaces the old one', async () => {
    const email = newEmail();
    const first = await sendCode(email);
    let second = await sendCode(email);
    // One in a million: the same digits twice would make this test meaningless, so ask again.
    while (second === first) second = await sendCode(email);
    expectInvalidCode(await request(app).post(VERIFY).send({ email, code: first }));
    await request(app).post(VERIFY).send({ email, code: second }).expect(200);
  });

  it('Is bound to the address it was sent to: another address with the same digits is refused', async () => {
    const [email, other] = [newEmail(), newEmail()];
    const code = await sendCode(email);
    await sendCode(other);
    if ((await latestCode(other)) !== code) expectInvalidCode(await request(app).post(VERIFY).send({ email: other, code }));
    await request(app).post(VERIFY).send({ email, code }).expect(200);
  });

  it('Parallel guesses cannot exceed 5: 20 wrong and the right one at once, one winner at most, every answer 200 or 400', async () => {
    const email = newEmail();
    const code = await sendCode(email);
    const guesses = [...Array.from({ length: 20 }, () => otherCode(code)), code].sort(() => Math.random() - 0.5);
    const started = Date.now();
    const answers = await Promise.all(guesses.map((guess) => request(app).post(VERIFY).send({ email, code: guess })));
    const elapsedMs = Date.now() - started;
    for (const res of answers) expect([200, 400], JSON.stringify(res.body)).toContain(res.status);
    const accepted = answers.filter((res) => res.status === 200);
    expect(accepted.length).toBeLessThanOrEqual(1);
    // Guesses compared with the code: the wrong ones the API judged wrong (by their request ids in its log,
    // so a lost update of the stored counter cannot hide one) and the right one if it got in. At most 5.
    const requestIds = new Set(answers.map((res) => res.headers['x-request-id']));
    const judgedWrong = logger.entries.filter((e) => e.event === 'one_time_code_rejected' && e.fields['reason'] === 'wrong' && requestIds.has(String(e.fields['requestId'])));
    expect(judgedWrong.length + accepted.length).toBeLessThanOrEqual(ONE_TIME_CODE.maxWrongAttempts);
    expect(await guessesCounted(email)).toBe(judgedWrong.length + accepted.length);
    // If the right guess came after the fifth wrong one, the code died before it: exactly 5 were counted.
    if (accepted.length === 0) expect(judgedWrong.length).toBe(ONE_TIME_CODE.maxWrongAttempts);
    // Whatever the order, nothing gets in afterwards.
    expectInvalidCode(await request(app).post(VERIFY).send({ email, code }));
    console.info(`21 parallel guesses: ${elapsedMs} ms, ${accepted.length} accepted, ${judgedWrong.length} judged wrong`);
  });

  it('Stores no code and no address in clear', async () => {
    const email = newEmail();
    const code = await sendCode(email);
    await request(app).post(VERIFY).send({ email, code: otherCode(code) }).expect(400);
    const snaps = await Promise.all(['oneTimeCodes', 'oneTimeCodeGuesses'].map((name) => db.collection(name).get()));
    const stored = JSON.stringify(snaps.flatMap((snap) => snap.docs.map((d) => ({ id: d.id, ...d.data() }))));
    expect(stored).not.toContain(email);
    expect(stored).not.toContain(code);
    const record = await storedRecord(email);
    expect(Object.keys(record ?? {}).sort()).toEqual(['codeDigest', 'createdAt', 'expiresAt', 'issueId']);
    expect(record?.['codeDigest']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('Answers known and unknown emails alike: send, wrong code, and the email sent', async () => {
    const known = await createTestUser();
    const unknown = newEmail();
    const answers = await Promise.all([known.email, unknown].map((email) => request(app).post(SEND).send({ email })));
    for (const res of answers) {
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ sent: true });
    }
    const [knownMail] = await mailTo(known.email);
    const [unknownMail] = await mailTo(unknown);
    const redact = (text: string | undefined) => text?.replace(/^[0-9]{6}$/m, 'CODE');
    expect(redact(knownMail?.text)).toBe(redact(unknownMail?.text));
    expect(knownMail?.subject).toBe(unknownMail?.subject);
    const wrong = await Promise.all([known.email, unknown].map((email) => request(app).post(VERIFY).send({ email, code: '000000' })));
    if (wrong.every((res) => res.status === 400)) expect(wrong[0]?.body).toEqual(wrong[1]?.body);

    // Timing: send-code never looks the account up, so both do the same work; measured, not asserted tight.
    const time = async (email: string) => {
      const started = process.hrtime.bigint();
      await request(app).post(SEND).send({ email }).expect(202);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < 8; i++) {
      knownMs.push(await time(known.email));
      unknownMs.push(await time(newEmail()));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    console.info(`send-code median: known ${median(knownMs).toFixed(1)} ms, unknown ${median(unknownMs).toFixed(1)} ms`);
    expect(Math.abs(median(knownMs) - median(unknownMs))).toBeLessThan(Math.max(median(knownMs), median(unknownMs)));
  });

  it('An unverified password account is verified by the code, and a password nobody proved stops working', async () => {
    const squatter = await createTestUser({ emailVerified: false });
    const code = await sendCode(squatter.email);
    const res = await request(app).post(VERIFY).send({ email: squatter.email, code }).expect(200);
    expect((await signInWithCustomToken(res.body.customToken)).localId).toBe(squatter.uid);
    expect((await auth.getUser(squatter.uid)).emailVerified).toBe(true);
    await expect(signIn(squatter)).rejects.toThrow(/INVALID_LOGIN_CREDENTIALS|INVALID_PASSWORD/);
  });

  it('Refuses malformed input with 400 naming the field, before anything is counted', async () => {
    expect((await request(app).post(SEND).send({ email: 'not-an-email' }).expect(400)).body.error.field).toBe('email');
    expect((await request(app).post(SEND).send({}).expect(400)).body.error.field).toBe('email');
    expect((await request(app).post(VERIFY).send({ email: newEmail(), code: '12ab56' }).expect(400)).body.error.field).toBe('code');
    expect((await request(app).post(VERIFY).send({ email: newEmail(), code: '123456', uid: 'x' }).expect(400)).body.error.field).toBe('uid');
  });

  it('Answers 503 when the mail cannot be sent, and logs ids only', async () => {
    const broken = emulatorApi({ config: { mail: { smtpUrl: 'smtp://127.0.0.1:1', from: 'Charta <no-reply@charta.local>' } } });
    const res = await request(broken.app).post(SEND).send({ email: newEmail() });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('unavailable');
    const entry = broken.logger.entries.find((e) => e.event === 'one_time_code_mail_failed');
    expect(entry?.fields).toEqual({ requestId: expect.any(String), reason: 'smtp_failed' });
  });

  it('Answers 503 where no code key is configured', async () => {
    const unkeyed = emulatorApi({ config: { oneTimeCodeSecret: undefined } });
    expect((await request(unkeyed.app).post(SEND).send({ email: newEmail() })).status).toBe(503);
  });
});

describe('Throttling sign-in codes', () => {
  /** The contract's limits, with a clock set a few seconds into a fresh minute so Retry-After is known. */
  function throttledApi(rates: Partial<LimitsConfig['rates']> = {}) {
    const start = Date.UTC(2031, 0, 1) + Math.floor(Math.random() * 1e6) * 3_600_000 + 10_000;
    return emulatorApi({ now: () => new Date(start), config: { limits: { ...DEFAULT_LIMITS, rates: { ...DEFAULT_LIMITS.rates, ...rates } } } });
  }

  it('Per email: one a minute, then 429 with Retry-After, the same for known and unknown emails', async () => {
    const { app: limited } = throttledApi();
    const known = await createTestUser();
    const unknown = newEmail();
    const answers = [];
    for (const email of [known.email, unknown]) {
      await request(limited).post(SEND).send({ email }).expect(202);
      answers.push(await request(limited).post(SEND).send({ email }));
    }
    for (const res of answers) {
      expect(res.status).toBe(429);
      expect(res.body.error.code).toBe('rate_limited');
      expect(res.headers['retry-after']).toBe('50');
    }
    expect(answers[0]?.body).toEqual(answers[1]?.body);
  });

  it('Per email: five an hour', async () => {
    let clock = Date.UTC(2032, 0, 1) + Math.floor(Math.random() * 1e6) * 3_600_000;
    const { app: limited } = emulatorApi({ now: () => new Date(clock), config: { limits: DEFAULT_LIMITS } });
    const email = newEmail();
    for (let i = 0; i < 5; i++) {
      await request(limited).post(SEND).send({ email }).expect(202);
      clock += 60_000;
    }
    const res = await request(limited).post(SEND).send({ email }).expect(429);
    expect(Number(res.headers['retry-after'])).toBe(3_600 - 5 * 60);
  });

  it('Per client address, whatever the email', async () => {
    const { app: limited } = throttledApi({ codeSendAddress: [{ limit: 3, windowSec: 60 }] });
    for (let i = 0; i < 3; i++) await request(limited).post(SEND).send({ email: newEmail() }).expect(202);
    const res = await request(limited).post(SEND).send({ email: newEmail() }).expect(429);
    expect(res.headers['retry-after']).toBe('50');
  });

  it('Guesses per client address', async () => {
    const { app: limited } = throttledApi({ codeVerifyAddress: [{ limit: 2, windowSec: 60 }] });
    for (let i = 0; i < 2; i++) await request(limited).post(VERIFY).send({ email: newEmail(), code: '123456' }).expect(400);
    await request(limited).post(VERIFY).send({ email: newEmail(), code: '123456' }).expect(429);
  });
});
