import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeXhrFactory } from '@/test/fake-xhr';
import {
  API_TIMEOUT_MS,
  ApiCancelledError,
  ApiError,
  ApiNetworkError,
  ApiTimeoutError,
  createApiClient,
  type ApiClientDeps,
} from './api-client';

function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

/** A fetch that never answers, but rejects like the real one when its signal aborts. */
const hangingFetch: typeof fetch = (_input, init) =>
  new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });

function setup(overrides: Partial<ApiClientDeps> = {}) {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({ ok: true })));
  let tokenNumber = 0;
  const getIdToken = vi.fn(() => Promise.resolve(`token-${++tokenNumber}`));
  const client = createApiClient({ baseUrl: 'https://api.example', getIdToken, fetch: fetchMock, ...overrides });
  return { client, fetchMock, getIdToken };
}

function requestInit(fetchMock: ReturnType<typeof setup>['fetchMock'], call = 0): RequestInit {
  const init = fetchMock.mock.calls[call]?.[1];
  if (!init) throw new Error(`fetch call ${call} had no init`);
  return init;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createApiClient', () => {
  it('asks for the ID token on every call and sends it as a Bearer token', async () => {
    const { client, fetchMock, getIdToken } = setup();

    await client.get('/profile');
    await client.get('/subscription');

    expect(getIdToken).toHaveBeenCalledTimes(2);
    expect(new Headers(requestInit(fetchMock, 0).headers).get('Authorization')).toBe('Bearer token-1');
    expect(new Headers(requestInit(fetchMock, 1).headers).get('Authorization')).toBe('Bearer token-2');
  });

  it('calls the versioned base path without credentials', async () => {
    const { client, fetchMock } = setup();

    await client.get('/documentation/counter', { query: { from: '2026-01-01', to: undefined } });

    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://api.example/api/v1/documentation/counter?from=2026-01-01');
    expect(requestInit(fetchMock).credentials).toBe('omit');
  });

  it('uses same-origin /api/v1 when the base URL is empty', async () => {
    const { client, fetchMock } = setup({ baseUrl: '' });
    await client.get('/health');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/health');
  });

  it('sends bodies as JSON and returns the parsed answer', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(jsonResponse({ profile: { displayName: 'Ada' } }));

    const answer = await client.put<{ profile: { displayName: string } }>('/profile', { displayName: 'Ada' });

    const init = requestInit(fetchMock);
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"displayName":"Ada"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(answer.profile.displayName).toBe('Ada');
  });

  it('turns the contract error body into an ApiError with the request id', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { error: { code: 'invalid_argument', message: 'patientName is required', field: 'patientName' } },
        { status: 400, headers: { 'X-Request-Id': 'req-123' } },
      ),
    );

    const error = await client.post('/session/create_session', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_argument',
      message: 'patientName is required',
      field: 'patientName',
      requestId: 'req-123',
    });
  });

  it('makes a sensible ApiError from a non-JSON error body', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }));

    const error = await client.get('/profile').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: 'internal', field: undefined });
    expect((error as ApiError).message).toMatch(/server had a problem/i);
  });

  it('reports a 401 to onUnauthorized', async () => {
    const onUnauthorized = vi.fn();
    const { client, fetchMock } = setup({ onUnauthorized });
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: { code: 'unauthenticated', message: 'Token expired' } }, { status: 401 }));

    await expect(client.get('/profile')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reports a refused sign-in method to onSignInMethodRefused, and other 403s not', async () => {
    const onSignInMethodRefused = vi.fn();
    const { client, fetchMock } = setup({ onSignInMethodRefused });
    const sentence = 'Northside allows signing in to Charta only with Google. You signed in with a password. Sign out, then sign in with it.';
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: { code: 'sign_in_method_not_allowed', message: sentence } }, { status: 403 }));
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: { code: 'permission_denied', message: 'Only admins and the owner may do this' } }, { status: 403 }));

    await expect(client.get('/profile')).rejects.toMatchObject({ status: 403, code: 'sign_in_method_not_allowed', message: sentence });
    await expect(client.post('/clinic/policies/set', {})).rejects.toMatchObject({ status: 403, code: 'permission_denied' });
    expect(onSignInMethodRefused).toHaveBeenCalledTimes(1);
    expect(onSignInMethodRefused).toHaveBeenCalledWith(expect.objectContaining({ message: sentence }));
  });

  it('refuses to call the API when nobody is signed in', async () => {
    const { client, fetchMock } = setup({ getIdToken: () => Promise.resolve(null) });
    await expect(client.get('/profile')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('gives up with a timeout error after 120000 ms', async () => {
    vi.useFakeTimers();
    const { client } = setup({ fetch: hangingFetch });
    let settled = false;
    const result = client.get('/session/sessions').finally(() => {
      settled = true;
    });
    const assertion = expect(result).rejects.toBeInstanceOf(ApiTimeoutError);

    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    await assertion;
    expect(API_TIMEOUT_MS).toBe(120_000);
  });

  it('reports a network failure as ApiNetworkError', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    await expect(client.get('/profile')).rejects.toBeInstanceOf(ApiNetworkError);
  });

  it('reports the caller aborting as ApiCancelledError', async () => {
    const { client } = setup({ fetch: hangingFetch });
    const controller = new AbortController();

    const result = client.get('/profile', { signal: controller.signal });
    controller.abort();

    await expect(result).rejects.toBeInstanceOf(ApiCancelledError);
  });

  it('does not call the API with an already aborted signal', async () => {
    const { client, fetchMock } = setup();
    const controller = new AbortController();
    controller.abort();

    await expect(client.get('/profile', { signal: controller.signal })).rejects.toBeInstanceOf(ApiCancelledError);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('createApiClient: public routes and waits', () => {
  it('calls a public route (anonymous) without asking for a token, even when nobody is signed in', async () => {
    const { client, fetchMock, getIdToken } = setup({ getIdToken: vi.fn(() => Promise.resolve(null)) });
    await client.post('/auth/send-code', { email: 'ada@example.com' }, { anonymous: true });
    expect(getIdToken).not.toHaveBeenCalled();
    expect(new Headers(requestInit(fetchMock).headers).has('Authorization')).toBe(false);
    expect(requestInit(fetchMock).credentials).toBe('omit');
  });

  it('reads Retry-After (seconds) into the ApiError of a 429', async () => {
    const { client } = setup({
      fetch: vi.fn<typeof fetch>(() =>
        Promise.resolve(jsonResponse({ error: { code: 'rate_limited', message: 'Too many codes' } }, { status: 429, headers: { 'Retry-After': '42' } })),
      ),
    });
    const error = await client.post('/auth/send-code', {}, { anonymous: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryAfterSeconds).toBe(42);
  });

  it('has no wait when Retry-After is missing or not a number of seconds', async () => {
    const { client } = setup({ fetch: vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({}, { status: 429, headers: { 'Retry-After': 'soon' } }))) });
    const error = await client.get('/x').catch((e: unknown) => e);
    expect((error as ApiError).retryAfterSeconds).toBeUndefined();
  });
});

describe('createApiClient: which app is calling', () => {
  it('names the client (web or extension) on JSON calls, bytes and uploads, for the audit trail; nothing when not told', async () => {
    const xhrs = fakeXhrFactory();
    const { client, fetchMock } = setup({ client: 'extension', createXhr: xhrs.createXhr });
    await client.post('/session/session', { sessionId: 's1' });
    await client.post('/auth/send-code', { email: 'ada@example.com' }, { anonymous: true });
    fetchMock.mockResolvedValueOnce(new Response('RIFF', { status: 200 }));
    await client.getBlob('/session/audio/s1');
    for (const call of [0, 1, 2]) expect(new Headers(requestInit(fetchMock, call).headers).get('X-Charta-Client')).toBe('extension');
    const upload = client.upload('/session/upload_audio', new FormData());
    const xhr = await xhrs.sent();
    xhr.respond(201, { uploadId: 'u1' });
    await upload;
    expect(xhr.headers['X-Charta-Client']).toBe('extension');

    const plain = setup();
    await plain.client.get('/profile');
    expect(new Headers(requestInit(plain.fetchMock).headers).has('X-Charta-Client')).toBe(false);
  });
});

describe('createApiClient: bytes and uploads share the client', () => {
  it('getBlob returns the bytes, and its errors are the same ApiErrors, 401 included', async () => {
    const onUnauthorized = vi.fn();
    const { client, fetchMock } = setup({ onUnauthorized });
    fetchMock.mockResolvedValueOnce(new Response('RIFF', { status: 200, headers: { 'Content-Type': 'audio/wav' } }));
    const blob = await client.getBlob('/session/audio/s1');
    expect(await blob.text()).toBe('RIFF');
    expect(new Headers(requestInit(fetchMock).headers).get('Authorization')).toBe('Bearer token-1');

    fetchMock.mockResolvedValueOnce(jsonResponse({ error: { code: 'unauthenticated', message: 'Token expired' } }, { status: 401 }));
    await expect(client.getBlob('/session/audio/s1')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('upload sends the form with the token and no cookies, reports progress and returns the JSON', async () => {
    const xhrs = fakeXhrFactory();
    const { client } = setup({ createXhr: xhrs.createXhr });
    const onProgress = vi.fn();
    const form = new FormData();

    const result = client.upload<{ uploadId: string }>('/session/upload_audio', form, { onProgress });
    const xhr = await xhrs.sent();
    xhr.upload.emit('progress', { loaded: 5, total: 10 });
    xhr.respond(201, { uploadId: 'u1' });

    await expect(result).resolves.toEqual({ uploadId: 'u1' });
    expect(xhr).toMatchObject({ method: 'POST', url: 'https://api.example/api/v1/session/upload_audio', withCredentials: false, timeout: API_TIMEOUT_MS, body: form });
    expect(xhr.headers['Authorization']).toBe('Bearer token-1');
    expect(onProgress).toHaveBeenCalledWith(5, 10);
  });

  it('upload maps errors like every other call, and reports a 401 to onUnauthorized', async () => {
    const onUnauthorized = vi.fn();
    const xhrs = fakeXhrFactory();
    const { client } = setup({ createXhr: xhrs.createXhr, onUnauthorized });

    const tooBig = client.upload('/session/upload_audio', new FormData());
    (await xhrs.sent()).respond(413, '<html>Request Entity Too Large</html>', { 'X-Request-Id': 'req-9' });
    await expect(tooBig).rejects.toMatchObject({ status: 413, code: 'payload_too_large', requestId: 'req-9' });
    expect(onUnauthorized).not.toHaveBeenCalled();

    const expired = client.upload('/session/upload_audio', new FormData());
    (await xhrs.sent()).respond(401, { error: { code: 'unauthenticated', message: 'Token expired' } });
    await expect(expired).rejects.toMatchObject({ status: 401, code: 'unauthenticated', message: 'Token expired' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('upload tells network failures, timeouts and cancellation apart', async () => {
    const xhrs = fakeXhrFactory();
    const { client } = setup({ createXhr: xhrs.createXhr });

    const offline = client.upload('/session/upload_audio', new FormData());
    (await xhrs.sent()).emit('error');
    await expect(offline).rejects.toBeInstanceOf(ApiNetworkError);

    const slow = client.upload('/session/upload_audio', new FormData(), { timeoutMs: 5 });
    (await xhrs.sent()).emit('timeout');
    await expect(slow).rejects.toBeInstanceOf(ApiTimeoutError);

    const controller = new AbortController();
    const left = client.upload('/session/upload_audio', new FormData(), { signal: controller.signal });
    await xhrs.sent();
    controller.abort();
    await expect(left).rejects.toBeInstanceOf(ApiCancelledError);
  });

  it('upload refuses to send when nobody is signed in', async () => {
    const xhrs = fakeXhrFactory();
    const { client } = setup({ createXhr: xhrs.createXhr, getIdToken: () => Promise.resolve(null) });
    await expect(client.upload('/session/upload_audio', new FormData())).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(xhrs.created).toHaveLength(0);
  });
});
