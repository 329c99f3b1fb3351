import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS, isErrorCode } from '@charta/contract';
import { API_BASE_PATH } from '../../functions/src/app.js';
import { emulatorApi } from '../support/api-app.js';
import { appRoutes, type AppRoute } from '../support/app-routes.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { bearer } from '../support/sessions.js';
import { multipartContentType, multipartRouteCases, sendEveryCut } from '../support/truncated-multipart.js';

/**
 * Generated bad input at every route the app serves, with a valid token: never a 5xx, every non-2xx in the
 * contract's shape with the status its code names, and every answer within a second. The routes are read
 * from the app's own router, so a new route is fuzzed without anyone listing it. The generators always
 * include what once gave 500s or slow failures: ids Firestore reserves, unpaired surrogates, cursors with
 * out-of-range numbers, wrong JSON types, malformed JSON and echo-worthy field names.
 */
const { app } = emulatorApi();
let user: TestUser;

/** Generated runs per route (after the fixed examples): about 1,800 requests in all, under a minute in-process. */
const RUNS_PER_ROUTE = 25;
const ANSWER_WITHIN_MS = 1000;

// --- The routes, from the app's router (tests/support/app-routes.ts) -----------------------------------

type Route = AppRoute;

/** Routes that read multipart/form-data: they get generated form fields (and sometimes a file) instead. */
const MULTIPART_ROUTES = new Set([`POST ${API_BASE_PATH}/session/upload_audio`, `POST ${API_BASE_PATH}/session/create_session`]);

// --- Generators -----------------------------------------------------------------------------------------

/** Field names the routes know: generated bodies mostly use these, so the values reach the schemas. */
const KNOWN_FIELDS = [
  'sessionId', 'sessionIds', 'documentationId', 'templateId', 'sectionId', 'shareId', 'publishedTemplateId', 'uploadId',
  'cursor', 'limit', 'status', 'query', 'category', 'patientName', 'title', 'text', 'content', 'counter', 'instruction',
  'instructions', 'messages', 'template', 'section', 'transcript', 'note', 'name', 'description', 'language', 'audio_uri',
  'displayName', 'specialty', 'organization', 'defaultTemplateId', 'defaultLanguage', 'cancelAtPeriodEnd', 'chunkIndex',
  'final', 'from', 'to', 'id',
];

const RESERVED_IDS = ['__foo__', '____', '__x_y__', '.', '..', 'a/b', '', ' ', 'x'.repeat(1600)];

const loneSurrogate = fc
  .tuple(fc.string({ maxLength: 8 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 8 }))
  .map(([before, unit, after]) => `${before}${String.fromCharCode(unit)}${after}`);

const idLike = fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/);

const cursorOf = (time: unknown, id: unknown) => Buffer.from(JSON.stringify([time, id])).toString('base64url');
const craftedCursor = fc.oneof(
  fc.tuple(
    fc.oneof(fc.constantFrom(1e300, -1e300, 2 ** 53, 253_402_300_800_000, -62_135_596_800_001, 1.5), fc.double(), fc.integer()),
    fc.oneof(idLike, fc.constantFrom(...RESERVED_IDS)),
  ).map(([time, id]) => cursorOf(time, id)),
  fc.tuple(fc.jsonValue({ maxDepth: 1 }), fc.jsonValue({ maxDepth: 1 })).map(([time, id]) => cursorOf(time, id)),
  fc.string({ maxLength: 40 }),
);

const leafValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...RESERVED_IDS),
  loneSurrogate,
  craftedCursor,
  idLike,
  fc.constantFrom(true, false, null, '5', '', 0, -1, 1e300, 5.5, 'soap', 'en-US', 'paragraph', 'user'),
  fc.constantFrom('0000-01-01T00:00:00Z', '9999-12-31T23:59:59-23:59', '2020-13-01T00:00:00Z', '2024-01-01T00:00:00Z'),
  fc.constantFrom('\u0000\u001b[2J', '\u202e', 'x'.repeat(5000)),
  fc.string({ maxLength: 60 }),
  fc.integer(),
  fc.double(),
);

const fieldName = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...KNOWN_FIELDS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: loneSurrogate },
  { weight: 1, arbitrary: fc.constant(`evil\u0000\u001b[31m${'k'.repeat(200)}`) },
);

const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: leafValue },
  { weight: 1, arbitrary: fc.array(leafValue, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fieldName, leafValue, { maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.array(fc.record({ role: fc.constantFrom('user', 'assistant', 'x'), content: leafValue }), { maxLength: 3 }) },
);

type Input =
  | { kind: 'json'; body: unknown; param: string; query: Record<string, unknown> }
  | { kind: 'raw'; raw: string; param: string; query: Record<string, unknown> }
  | { kind: 'form'; fields: [string, string][]; file: boolean; param: string; query: Record<string, unknown> };

const pathParam = fc.oneof(fc.constantFrom(...RESERVED_IDS.filter(Boolean)), loneSurrogate, idLike, fc.string({ minLength: 1, maxLength: 30 }));
const query = fc.dictionary(fieldName, fc.oneof(leafValue.map(String), fc.array(fc.string({ maxLength: 10 }), { maxLength: 2 })), { maxKeys: 3 });

const malformedJson = fc.oneof(
  fc.constantFrom('{"displayName": "Dr', '{bad}', '"text"', '[1,2', '\u0000', '{"a":"\\ud800"}', 'null', '1e999', '{"__proto__":{"x":1}}'),
  fc.string({ maxLength: 40 }),
);

const input: fc.Arbitrary<Input> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('json' as const), body: fc.oneof({ weight: 5, arbitrary: fc.dictionary(fieldName, value, { maxKeys: 3 }) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) }), param: pathParam, query }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('raw' as const), raw: malformedJson, param: pathParam, query }) },
);

const formInput: fc.Arbitrary<Input> = fc.record({
  kind: fc.constant('form' as const),
  fields: fc.array(fc.tuple(fieldName, leafValue.map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? ''))), { maxLength: 6 }),
  file: fc.boolean(),
  param: pathParam,
  query,
});

/** Id fields: each gets a reserved id on its own, so it is the first problem the route's schema meets. */
const ID_FIELDS = ['sessionId', 'documentationId', 'templateId', 'shareId', 'publishedTemplateId', 'uploadId', 'defaultTemplateId'];

/** Inputs every route gets first, whatever the generator draws: each defect this test exists for. */
function fixedExamples(): Input[] {
  const base = { param: '__foo__', query: { from: '0000-01-01T00:00:00Z', to: 'x\ud800' } };
  return [
    ...ID_FIELDS.map((field): Input => ({ kind: 'json', body: { [field]: '__foo__' }, ...base })),
    { kind: 'json', body: { sessionIds: ['ok', '__foo__'] }, ...base },
    { kind: 'json', body: { patientName: 'Mar\ud800ía', templateId: 'soap', text: 'x', displayName: '\udc00' }, ...base },
    { kind: 'json', body: { cursor: cursorOf(1e300, 'abc') }, ...base },
    { kind: 'json', body: { cursor: cursorOf(Date.now(), '__foo__') }, ...base },
    { kind: 'json', body: { limit: true }, ...base },
    { kind: 'json', body: { limit: '5' }, ...base },
    { kind: 'json', body: { ['x\ud800']: 1, [`evil\u0000${'k'.repeat(500)}`]: 2 }, ...base },
    { kind: 'raw', raw: '{"displayName": "Dr', ...base },
    { kind: 'form', fields: [['uploadId', '__foo__'], ['chunkIndex', '1e3'], ['patientName', 'A'], ['templateId', '__foo__']], file: true, ...base },
  ];
}

// --- Sending and checking -------------------------------------------------------------------------------

/** Percent-encoding as a client could send it: a lone surrogate as its raw (WTF-8) bytes, which is not UTF-8. */
function encodePathParam(param: string): string {
  return Array.from(param)
    .map((char) => {
      const unit = char.charCodeAt(0);
      if (char.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(char);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    })
    .join('');
}

function send(route: Route, given: Input): request.Test {
  const path = route.path.replace(/:[A-Za-z]+/g, () => encodePathParam(given.param));
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
  let req = request(app)[method](path).set(bearer(user)).query(given.query as Record<string, string>);
  if (given.kind === 'form') {
    for (const [name, text] of given.fields) req = req.field(name, text);
    return given.file ? req.attach('file', Buffer.from('RIFF....WAVEfmt <html>'), 'a.wav') : req;
  }
  if (route.method === 'GET') return req;
  if (given.kind === 'raw') return req.set('Content-Type', 'application/json').send(given.raw);
  // supertest sends objects and arrays as JSON itself; a bare JSON value is sent as its text.
  if (typeof given.body === 'object' && given.body !== null) return req.send(given.body);
  return req.set('Content-Type', 'application/json').send(JSON.stringify(given.body));
}

/** The slowest answer seen, reported after the run: how much room the one-second bound has. */
const slowest = { ms: 0, route: '' };

async function expectWellAnswered(route: Route, given: Input): Promise<void> {
  const started = performance.now();
  const res = await send(route, given);
  const tookMs = performance.now() - started;
  if (tookMs > slowest.ms) Object.assign(slowest, { ms: Math.round(tookMs), route: `${route.method} ${route.path}` });
  const context = `${route.method} ${route.path} → ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, context).toBeLessThan(500);
  expect(tookMs, `${context} took ${Math.round(tookMs)} ms`).toBeLessThan(ANSWER_WITHIN_MS);
  if (res.status < 400) return;
  expect(res.headers['content-type'], context).toMatch(/^application\/json/);
  const error: unknown = (res.body as { error?: unknown }).error;
  expect(error, context).toEqual({ code: expect.any(String), message: expect.any(String), ...(hasField(error) ? { field: expect.any(String) } : {}) });
  const { code } = error as { code: string };
  expect(isErrorCode(code) ? ERROR_STATUS[code] : undefined, context).toBe(res.status);
  if (code === 'rate_limited') expect(res.headers['retry-after'], context).toBeDefined();
}

function hasField(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'field' in error;
}

// --- The test -------------------------------------------------------------------------------------------

const routes = appRoutes(app);

beforeAll(async () => {
  user = await createTestUser();
  // The first request warms up token verification and the Firestore client; not what is timed.
  await request(app).get(`${API_BASE_PATH}/profile`).set(bearer(user)).expect(200);
});

afterAll(() => {
  console.info(`fuzz: ${routes.length} routes, ${RUNS_PER_ROUTE} generated inputs each; slowest answer ${slowest.ms} ms (${slowest.route})`);
});

describe('Generated bad input at every route', () => {
  it('finds the routes in the app (and every multipart route this test knows is among them)', () => {
    expect(routes.length).toBeGreaterThan(40);
    const found = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const route of MULTIPART_ROUTES) expect(found).toContain(route);
    expect(ERROR_CODES).toContain('invalid_argument');
  });

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', async (_name, route) => {
    const multipart = MULTIPART_ROUTES.has(`${route.method} ${route.path}`);
    const arbitrary = multipart ? fc.oneof(formInput, input) : input;
    const examples = fixedExamples().map((example): [Input] => [example]);
    // fast-check counts the examples within numRuns.
    await fc.assert(fc.asyncProperty(arbitrary, (given) => expectWellAnswered(route, given)), { numRuns: examples.length + RUNS_PER_ROUTE, examples });
  }, 120_000);
});

describe('Multipart bodies cut short at every offset', () => {
  it('covers every multipart route this test knows', () => {
    expect(new Set(multipartRouteCases().map((c) => `POST ${API_BASE_PATH}${c.path}`))).toEqual(MULTIPART_ROUTES);
  });

  it.each(multipartRouteCases().map((c) => [c.path, c] as const))('%s: a 4xx in the contract\'s shape at every cut, and the whole body accepted', async (_path, { path, body }) => {
    const send = (cut: Buffer) => request(app).post(`${API_BASE_PATH}${path}`).set(bearer(user)).set('Content-Type', multipartContentType).send(cut);
    await sendEveryCut(body, send);
    expect((await send(body)).status).toBe(201);
  }, 120_000);
});
