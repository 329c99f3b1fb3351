// The one way the app talks to the Charta API (/api/v1, described in docs/api.md). Everything the spec asks of
// a backend call lives here: a fresh ID token per call, a 120 s timeout, no cookies, JSON bodies, and errors
// that callers can tell apart (API error vs timeout vs network failure vs cancellation), and every 401
// reported to onUnauthorized. JSON calls, audio bytes and multipart uploads with progress all go through it.
import { AUDIT_CLIENT_HEADER, errorCodeForStatus, type AuditClient, type ErrorCode } from '@charta/contract';

export const API_TIMEOUT_MS = 120_000;

const SIGN_IN_METHOD_NOT_ALLOWED: ErrorCode = 'sign_in_method_not_allowed';

/** A non-2xx answer from the API, parsed from the contract's `{ error: { code, message, field? } }`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly requestId: string | undefined;
  /** From `Retry-After` (a 429 says how long to wait): whole seconds, or undefined when not given as seconds. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: { status: number; code: string; message: string; field?: string; requestId?: string; retryAfterSeconds?: number }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** The API did not answer within the timeout. */
export class ApiTimeoutError extends Error {
  override readonly name = 'ApiTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`The server did not answer within ${Math.round(timeoutMs / 1000)} seconds.`);
  }
}

/** The request never got an HTTP answer (offline, DNS, CORS, connection reset). */
export class ApiNetworkError extends Error {
  override readonly name = 'ApiNetworkError';
  constructor(options?: { cause?: unknown }) {
    super('Could not reach the server.', options);
  }
}

/** The caller aborted the request through its own AbortSignal (for example, the page was left). */
export class ApiCancelledError extends Error {
  override readonly name = 'ApiCancelledError';
  constructor() {
    super('The request was cancelled.');
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** A public route (the one-time code sign-in): sent without a token, so it works while signed out. */
  anonymous?: boolean;
}

export interface UploadOptions {
  /** Bytes of the request body sent so far, and its total. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface ApiClientDeps {
  /** Origin of the API without trailing slash; '' for same-origin. A function so it is read when used. */
  baseUrl: string | (() => string);
  /** The signed-in user's ID token, or null when nobody is signed in. Called before every request. */
  getIdToken: () => Promise<string | null>;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Told about every 401, wherever it comes from (the app signs the user out). */
  onUnauthorized?: (error: ApiError) => void;
  /**
   * Told about every 403 `sign_in_method_not_allowed` (the clinic allows other ways of signing in: docs/clinics.md
   * "Policies"): the app says so once, with a way to sign out, instead of each page failing on its own.
   */
  onSignInMethodRefused?: (error: ApiError) => void;
  /** Makes the XMLHttpRequest behind upload(); tests hand in a fake. */
  createXhr?: () => XMLHttpRequest;
  /** Which app is calling (the web app, or its build in the extension's panel): the audit trail records it. A function so it is read when used. */
  client?: AuditClient | (() => AuditClient);
}

// Function-valued properties rather than methods: they close over their deps and never use `this`, so
// they can be passed around (as SWR fetchers, for example) unbound.
export interface ApiClient {
  request: <T>(method: HttpMethod, path: string, options?: RequestOptions) => Promise<T>;
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => Promise<T>;
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => Promise<T>;
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => Promise<T>;
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => Promise<T>;
  /** GET of bytes rather than JSON (the session's audio: an <audio> element cannot send the token). */
  getBlob: (path: string, options?: Omit<RequestOptions, 'body'>) => Promise<Blob>;
  /**
   * POST of a multipart body with upload progress. XMLHttpRequest rather than fetch: only XHR reports
   * upload progress. Same token, timeout, errors and 401 handling as every other call.
   */
  upload: <T>(path: string, form: FormData, options?: UploadOptions) => Promise<T>;
}

const MESSAGE_BY_STATUS: Record<number, string> = {
  400: 'The request was not valid.',
  401: 'Your session has expired. Please sign in again.',
  403: 'You do not have permission to do that.',
  404: 'Not found.',
  409: 'This changed in the meantime. Reload and try again.',
  413: 'That is too large to upload.',
  415: 'That file type is not supported.',
  429: 'Too many requests. Please wait a moment and try again.',
};

/** The contract's code for a status, for error bodies not in the contract's shape (a proxy's HTML page, an empty 502), so callers can still branch on `code`. */
function fallbackCode(status: number): string {
  return errorCodeForStatus(status) ?? 'unknown';
}

function fallbackMessage(status: number): string {
  return MESSAGE_BY_STATUS[status] ?? (status >= 500 ? 'The server had a problem. Please try again.' : `The request failed (HTTP ${status}).`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function readJson(response: Response): Promise<unknown> {
  return parseJson(await response.text());
}

/** An HTTP answer as both transports (fetch and XMLHttpRequest) see it. */
interface RawAnswer {
  status: number;
  body: unknown;
  requestId: string | undefined;
  retryAfter?: string | null | undefined;
}

/** `Retry-After` as delta-seconds (what the API sends); an HTTP date or junk gives no figure rather than a wrong one. */
function retryAfterSeconds(header: string | null | undefined): number | undefined {
  if (!header || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

function toApiError({ status, body, requestId, retryAfter }: RawAnswer): ApiError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  return new ApiError({
    status,
    code: typeof error?.code === 'string' ? error.code : fallbackCode(status),
    message: typeof error?.message === 'string' && error.message !== '' ? error.message : fallbackMessage(status),
    field: typeof error?.field === 'string' ? error.field : undefined,
    requestId,
    retryAfterSeconds: retryAfterSeconds(retryAfter),
  });
}

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']): string {
  const normalisedPath = path.startsWith('/') ? path : `/${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}/api/v1${normalisedPath}${search ? `?${search}` : ''}`;
}

function encodeBody(body: unknown): { body?: BodyInit; contentType?: string } {
  if (body === undefined) return {};
  // Multipart uploads (audio) set their own boundary; only plain values are sent as JSON.
  if (body instanceof FormData) return { body };
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const timeoutMs = deps.timeoutMs ?? API_TIMEOUT_MS;
  const resolveBaseUrl = () => (typeof deps.baseUrl === 'function' ? deps.baseUrl() : deps.baseUrl);
  const resolveClient = () => (typeof deps.client === 'function' ? deps.client() : deps.client);

  /** The signed-in user's ID token; with nobody signed in the call is refused before anything is sent. */
  async function tokenFor(signal: AbortSignal | undefined): Promise<string> {
    if (signal?.aborted) throw new ApiCancelledError();
    // Asked for on every call: the SDK returns its cached token and refreshes it shortly before expiry.
    const token = await deps.getIdToken();
    if (token === null) {
      throw new ApiError({ status: 401, code: 'unauthenticated', message: 'You are signed out. Please sign in again.' });
    }
    if (signal?.aborted) throw new ApiCancelledError();
    return token;
  }

  /** A non-2xx answer as callers see it. A 401 is reported first, whichever transport it came by. */
  function failure(answer: RawAnswer): ApiError {
    const error = toApiError(answer);
    if (error.status === 401) deps.onUnauthorized?.(error);
    if (error.code === SIGN_IN_METHOD_NOT_ALLOWED) deps.onSignInMethodRefused?.(error);
    return error;
  }

  /** A 2xx answer's JSON. Anything else (an HTML page from a misrouted request) is never handed over as data. */
  function jsonOf<T>(answer: RawAnswer): T | ApiError {
    if (answer.body === undefined) {
      return new ApiError({ status: answer.status, code: 'invalid_response', message: 'The server sent an unexpected response.', requestId: answer.requestId });
    }
    return answer.body as T;
  }

  async function send<T>(method: HttpMethod, path: string, options: RequestOptions, accept: string, read: (response: Response) => Promise<T>): Promise<T> {
    const callerSignal = options.signal;
    const token = options.anonymous ? null : await tokenFor(callerSignal);

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const abortFromCaller = () => controller.abort();
    callerSignal?.addEventListener('abort', abortFromCaller, { once: true });
    // A failure without an HTTP answer, or with its body cut off, is the timeout's, the caller's or the network's.
    const unanswered = (cause: unknown) => {
      if (timedOut) return new ApiTimeoutError(timeoutMs);
      if (callerSignal?.aborted) return new ApiCancelledError();
      return new ApiNetworkError({ cause });
    };

    const { body, contentType } = encodeBody(options.body);
    const headers: Record<string, string> = { Accept: accept };
    const client = resolveClient();
    if (client) headers[AUDIT_CLIENT_HEADER] = client;
    if (token !== null) headers['Authorization'] = `Bearer ${token}`;
    if (contentType) headers['Content-Type'] = contentType;

    const fetchImpl = deps.fetch ?? globalThis.fetch.bind(globalThis);
    try {
      let response: Response;
      try {
        response = await fetchImpl(buildUrl(resolveBaseUrl(), path, options.query), {
          method,
          headers,
          body,
          // The ID token is the only credential: no cookies go to the API, and none come back.
          credentials: 'omit',
          signal: controller.signal,
        });
      } catch (cause) {
        throw unanswered(cause);
      }

      const requestId = response.headers.get('X-Request-Id') ?? undefined;
      try {
        if (!response.ok) {
          throw failure({ status: response.status, body: await readJson(response), requestId, retryAfter: response.headers.get('Retry-After') });
        }
        return await read(response);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw unanswered(error);
      }
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', abortFromCaller);
    }
  }

  function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    return send(method, path, options, 'application/json', async (response) => {
      if (response.status === 204) return undefined as T;
      const result = jsonOf<T>({ status: response.status, body: await readJson(response), requestId: response.headers.get('X-Request-Id') ?? undefined });
      if (result instanceof ApiError) throw result;
      return result;
    });
  }

  async function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
    const { signal, onProgress } = options;
    const token = await tokenFor(signal);
    return new Promise<T>((resolve, reject) => {
      const xhr = deps.createXhr?.() ?? new XMLHttpRequest();
      xhr.open('POST', buildUrl(resolveBaseUrl(), path, undefined));
      xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.setRequestHeader('Accept', 'application/json');
      const client = resolveClient();
      if (client) xhr.setRequestHeader(AUDIT_CLIENT_HEADER, client);
      xhr.timeout = options.timeoutMs ?? timeoutMs;
      // The ID token is the only credential, as for every other call: no cookies.
      xhr.withCredentials = false;

      const abort = () => xhr.abort();
      signal?.addEventListener('abort', abort, { once: true });
      const fail = (error: Error) => {
        signal?.removeEventListener('abort', abort);
        reject(error);
      };

      if (onProgress) {
        xhr.upload.addEventListener('progress', (event) => {
          if (event.lengthComputable) onProgress(event.loaded, event.total);
        });
      }
      xhr.addEventListener('load', () => {
        const answer = {
          status: xhr.status,
          body: parseJson(xhr.responseText),
          requestId: xhr.getResponseHeader('X-Request-Id') ?? undefined,
          retryAfter: xhr.getResponseHeader('Retry-After'),
        };
        if (xhr.status < 200 || xhr.status >= 300) return fail(failure(answer));
        const result = jsonOf<T>(answer);
        if (result instanceof ApiError) return fail(result);
        signal?.removeEventListener('abort', abort);
        resolve(result);
      });
      xhr.addEventListener('error', () => fail(new ApiNetworkError()));
      xhr.addEventListener('timeout', () => fail(new ApiTimeoutError(xhr.timeout)));
      xhr.addEventListener('abort', () => fail(new ApiCancelledError()));
      xhr.send(form);
    });
  }

  return {
    request,
    get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => request<T>('POST', path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => request<T>('PUT', path, { ...options, body }),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
    getBlob: (path: string, options: Omit<RequestOptions, 'body'> = {}) => send('GET', path, options, '*/*', (response) => response.blob()),
    upload,
  };
}
