/**
 * The API's reference (docs/api.md): the OpenAPI document covers every route the app's router serves (read
 * from the router itself, so a new route without a row in functions/src/api-reference/operations.ts fails
 * here), names none it does not serve, and is served at /api/v1/openapi.json without a token.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../functions/src/app.js';
import { API_OPERATIONS } from '../../functions/src/api-reference/operations.js';
import { APP_VERSION } from '../../functions/src/version.js';
import { emulatorApi } from '../support/api-app.js';
import { appRoutes } from '../support/app-routes.js';

const { app } = emulatorApi();

/** `GET /api/v1/profile/:id` as the document writes it: `GET /profile/{id}`. */
const asDocumented = ({ method, path }: { method: string; path: string }) => `${method} ${path.slice(API_BASE_PATH.length).replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}')}`;

describe('The OpenAPI document', () => {
  it('Describes every route the app serves, and no route it does not', () => {
    const served = appRoutes(app).map(asDocumented);
    const documented = Object.keys(API_OPERATIONS);
    expect(served.length).toBeGreaterThan(70);
    expect(served.filter((route) => !documented.includes(route)), 'routes missing from functions/src/api-reference/operations.ts').toEqual([]);
    expect(documented.filter((route) => !served.includes(route)), 'documented routes the app does not serve').toEqual([]);
  });

  it('Is served at /api/v1/openapi.json without a token, as the document the code builds', async () => {
    const res = await request(app).get(`${API_BASE_PATH}/openapi.json`).expect(200).expect('Content-Type', /application\/json/);
    const body = res.body as { openapi: string; info: { version: string }; servers: { url: string }[]; paths: Record<string, Record<string, unknown>> };
    expect(body.openapi).toBe('3.1.0');
    expect(body.info.version).toBe(APP_VERSION);
    expect(body.servers).toEqual([{ url: API_BASE_PATH }]);
    expect(Object.keys(body.paths['/session/upload_audio'] ?? {})).toEqual(['post']);
    expect(body.paths['/openapi.json']).toBeDefined();
  });
});

describe('The API reference page', () => {
  it('Is served at /api/v1/reference without a token, as HTML with no script and a CSP that allows only its style', async () => {
    const res = await request(app).get(`${API_BASE_PATH}/reference`).expect(200).expect('Content-Type', /text\/html/);
    expect(res.text).toContain('<h1>Charta API');
    expect(res.text).toContain('<code>/session/upload_audio</code>');
    expect(res.text).not.toMatch(/<script/i);
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; frame-ancestors 'none'/);
  });
});
