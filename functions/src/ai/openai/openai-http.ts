import { errorFromStatus } from '../generative-model.js';

/** One OpenAI-compatible server: its base URL with the version (`http://localhost:11434/v1`), key and model. */
export interface OpenAiEndpoint {
  baseUrl: string;
  /** Sent as `Authorization: Bearer`; local servers usually need none. */
  apiKey: string | null;
  model: string;
}

/**
 * POSTs to an OpenAI-compatible route and returns its JSON; HTTP failures become typed, retryable or not
 * (429 and 5xx are worth another try), network failures retryable. The server's error text is not kept:
 * some servers echo the request, which holds patient data.
 */
export async function postOpenAi(service: 'speech' | 'gemini', endpoint: OpenAiEndpoint, path: string, body: string | FormData, signal: AbortSignal, json: boolean): Promise<unknown> {
  const url = `${endpoint.baseUrl.replace(/\/+$/, '')}${path}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      body,
      signal,
      headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}) },
    });
  } catch {
    throw errorFromStatus(service, undefined, `the OpenAI-compatible server at ${endpoint.baseUrl} could not be reached`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw errorFromStatus(service, res.status, `the OpenAI-compatible server answered ${res.status} to ${path}`);
  }
  try {
    return await res.json();
  } catch {
    throw errorFromStatus(service, 400, `the OpenAI-compatible server's answer to ${path} is not JSON`);
  }
}
