/**
 * The writing model port (Gemini on Vertex AI in deployment; the local AI emulator speaks the same wire
 * format). Domain code builds a prompt and a response schema, and gets validated JSON back.
 */
export interface GenerateJsonRequest<T> {
  /** What the call is for: named in the prompt's first line (`TASK: <name>`), in logs and in the emulator. */
  task: string;
  systemInstruction: string;
  prompt: string;
  /** JSON Schema of the answer (Gemini's responseJsonSchema: structured output). */
  responseSchema: Record<string, unknown>;
  /** Turns the model's JSON into a typed value; throws AiResponseError when it does not fit. */
  parse: (raw: unknown) => T;
  temperature?: number;
}

export interface ModelUsage {
  promptTokens: number;
  outputTokens: number;
}

export interface GenerateJsonResult<T> {
  data: T;
  model: string;
  usage: ModelUsage;
}

export interface GenerativeModel {
  readonly model: string;
  generateJson<T>(request: GenerateJsonRequest<T>): Promise<GenerateJsonResult<T>>;
}

/**
 * The outside service failed. `retryable` errors (timeouts, 429, 5xx, network) are worth another try
 * with backoff; others (a refused request, an answer that does not fit the schema) are permanent.
 */
export class AiServiceError extends Error {
  constructor(
    readonly service: 'gemini' | 'speech',
    readonly code: 'timeout' | 'unavailable' | 'rate_limited' | 'rejected' | 'malformed_response',
    readonly retryable: boolean,
    message: string,
  ) {
    super(message);
    this.name = 'AiServiceError';
  }
}

export const malformedResponse = (service: 'gemini' | 'speech', message: string) => new AiServiceError(service, 'malformed_response', false, message);

/** Maps an HTTP status from an outside service to a typed error. */
export function errorFromStatus(service: 'gemini' | 'speech', status: number | undefined, message: string): AiServiceError {
  if (status === 429) return new AiServiceError(service, 'rate_limited', true, message);
  if (status === undefined || status >= 500 || status === 408) return new AiServiceError(service, 'unavailable', true, message);
  return new AiServiceError(service, 'rejected', false, message);
}
