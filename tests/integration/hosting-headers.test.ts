import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { STACK_URL } from '../support/stack.js';

/**
 * What Hosting and the Functions runtime add around the app, through the emulated stack (CHARTA_FULL_STACK=1
 * with `npm run test:some`; `npm test` always runs it): the web app's headers, the API's 404 for every /api
 * path, and the app's own CORS allowlist, not the Functions emulator's allow-everything wrapper.
 */
const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name ?? '', values]));

describe('Hosting: the web app', () => {
  it.each(['/', '/sign-in', '/sessions', '/templates/shared/abc'])('%s has a CSP without inline script, frame-ancestors none, HSTS and X-Frame-Options DENY', async (path) => {
    const res = await request(STACK_URL).get(path).expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const csp = directives(String(res.headers['content-security-policy'] ?? ''));
    // Firebase Auth's Google and single sign-on popups/redirects run through Google's iframe helper (gapi,
    // from apis.google.com) and frame the project's auth domain; Stripe's embedded Checkout (the billing page,
    // production builds) loads Stripe.js and frames Checkout; nothing else may load script or be framed.
    expect(csp.get('script-src')).toEqual(["'self'", 'https://apis.google.com', 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(csp.get('frame-src')).toEqual(
      expect.arrayContaining(['https://*.firebaseapp.com', 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com']),
    );
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining(["'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://api.stripe.com', 'https://checkout.stripe.com']),
    );
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{8,}/);
  });

  it('/sign-in and /sign-up are served their own page, which preloads their chunks; other addresses get index.html', async () => {
    // scripts/route-budgets.mjs writes sign-in.html and sign-up.html; firebase.json's rewrites serve them.
    const signIn = (await request(STACK_URL).get('/sign-in?redirect=%2Fsessions').expect(200)).text;
    expect(signIn).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/sign-in\.page-[\w-]+\.js">/);
    const signUp = (await request(STACK_URL).get('/sign-up').expect(200)).text;
    expect(signUp).toMatch(/href="\/assets\/sign-up\.page-[\w-]+\.js"/);
    for (const path of ['/', '/sessions']) expect((await request(STACK_URL).get(path).expect(200)).text).not.toMatch(/sign-(in|up)\.page-/);
  });

  it.each(['/assets/index-0000dead.js', '/assets/no-such-chunk.css', '/favicon-missing.png'])('A file that is not there (%s) is a 404, never index.html (cached a year as a script after a deploy)', async (path) => {
    const res = await request(STACK_URL).get(path);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<div id="root">');
    // An app address with no file extension still gets the app.
    expect((await request(STACK_URL).get('/sessions/abc-123').expect(200)).headers['content-type']).toMatch(/text\/html/);
  });

  it.each(['/', '/sign-in'])('the built app (%s) has no inline script for the CSP to block', async (path) => {
    const html = (await request(STACK_URL).get(path).expect(200)).text;
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});

describe('Hosting: every /api path is the API', () => {
  it.each(['/api', '/api/', '/api/v1', '/api/v1/no/such/route', '/api/v2/health', '/api/index.html'])('%s answers the API 404 in the contract shape, not the app', async (path) => {
    const res = await request(STACK_URL).get(path);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('/apix is not the API: the web app answers it', async () => {
    const res = await request(STACK_URL).get('/apix').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('CORS through the Functions runtime', () => {
  it('another origin gets no CORS grant, on a preflight or a request', async () => {
    const preflight = await request(STACK_URL)
      .options('/api/v1/profile')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'PUT')
      .set('Access-Control-Request-Headers', 'authorization,content-type');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
    const health = await request(STACK_URL).get('/api/v1/health').set('Origin', 'https://evil.example').expect(200);
    expect(health.headers['access-control-allow-origin']).toBeUndefined();
  });
});
