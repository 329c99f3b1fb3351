// The one way the app talks to the Charta API (see /api/v1 in the API contract). Everything the spec asks of
// a backend call lives here: a fresh ID token per call, a 120 s timeout, no cookies, JSON bodies, and errors
// that callers can tell apart (API error vs timeout vs network failure vs cancellation).

export const API_TIMEOUT_MS = 120_000;

/** A non-2xx answer from the API, parsed from the contract's `{ error: { code, message, field? } }`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly requestId: string | undefined;

  constructor(init: { status: number; code: string; message: string; field?: string; requestId?: string }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.requestId = init.requestId;
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
}

// Function-valued properties rather than methods: they close over their deps and never use `this`, so
// they can be passed around (as SWR fetchers, for example) unbound.
export interface ApiClient {
  request: <T>(method: HttpMethod, path: string, options?: RequestOptions) => Promise<T>;
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => Promise<T>;
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => Promise<T>;
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => Promise<T>;
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => Promise<T>;
}

// The contract's code for each status, used when an error body is not the contract shape (a proxy's HTML
// page, an empty 502) so callers can still branch on `code`.
const CODE_BY_STATUS: Record<number, string> = {
  400: 'invalid_argument',
  401: 'unauthenticated',
  403: 'permission_denied',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  500: 'internal',
  503: 'unavailable',
};

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

function fallbackCode(status: number): string {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? 'internal' : 'unknown');
}

function fallbackMessage(status: number): string {
  return MESSAGE_BY_STATUS[status] ?? (status >= 500 ? 'The server had a problem. Please try again.' : `The request failed (HTTP ${status}).`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const requestId = response.headers.get('X-Request-Id') ?? undefined;
  const body = await readJson(response);
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  return new ApiError({
    status: response.status,
    code: typeof error?.code === 'string' ? error.code : fallbackCode(response.status),
    message: typeof error?.message === 'string' && error.message !== '' ? error.message : fallbackMessage(response.status),
    field: typeof error?.field === 'string' ? error.field : undefined,
    requestId,
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

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const callerSignal = options.signal;
    if (callerSignal?.aborted) throw new ApiCancelledError();

    // Asked for on every call: the SDK returns its cached token and refreshes it shortly before expiry.
    const token = await deps.getIdToken();
    if (token === null) {
      throw new ApiError({ status: 401, code: 'unauthenticated', message: 'You are signed out. Please sign in again.' });
    }
    if (callerSignal?.aborted) throw new ApiCancelledError();

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const abortFromCaller = () => controller.abort();
    callerSignal?.addEventListener('abort', abortFromCaller, { once: true });

    const { body, contentType } = encodeBody(options.body);
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
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
        if (timedOut) throw new ApiTimeoutError(timeoutMs);
        if (callerSignal?.aborted) throw new ApiCancelledError();
        throw new ApiNetworkError({ cause });
      }

      if (!response.ok) {
        const error = await toApiError(response);
        if (error.status === 401) deps.onUnauthorized?.(error);
        throw error;
      }
      if (response.status === 204) return undefined as T;

      let parsed: unknown;
      try {
        parsed = await readJson(response);
      } catch (cause) {
        // The body stream was cut off by the timeout, the caller or the network.
        if (timedOut) throw new ApiTimeoutError(timeoutMs);
        if (callerSignal?.aborted) throw new ApiCancelledError();
        throw new ApiNetworkError({ cause });
      }
      if (parsed === undefined) {
        // e.g. an HTML page from a misrouted request: never hand that to callers as data.
        throw new ApiError({
          status: response.status,
          code: 'invalid_response',
          message: 'The server sent an unexpected response.',
          requestId: response.headers.get('X-Request-Id') ?? undefined,
        });
      }
      return parsed as T;
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', abortFromCaller);
    }
  }

  return {
    request,
    get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => request<T>('POST', path, { ...options, body }),
    put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => request<T>('PUT', path, { ...options, body }),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
  };
}
