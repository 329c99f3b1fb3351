import { malformedResponse, type GenerateJsonRequest, type GenerateJsonResult, type GenerativeModel } from '../generative-model.js';
import { isRecord } from '../prompt-blocks.js';
import { withRetries, type RetryPolicy } from '../retry.js';
import { postOpenAi, type OpenAiEndpoint } from './openai-http.js';

/** Pulls the JSON out of a chat completion; anything else is a permanent, typed error. */
export function jsonFromChatCompletion(answer: unknown): { json: unknown; promptTokens: number; outputTokens: number } {
  const choice = isRecord(answer) && Array.isArray(answer['choices']) ? (answer['choices'] as unknown[])[0] : undefined;
  if (!isRecord(choice)) throw malformedResponse('gemini', 'no choice in the answer');
  const finish = choice['finish_reason'];
  if (typeof finish === 'string' && finish !== 'stop') throw malformedResponse('gemini', `generation stopped early: ${finish}`);
  const message = choice['message'];
  const text = isRecord(message) && typeof message['content'] === 'string' ? message['content'] : '';
  if (!text.trim()) throw malformedResponse('gemini', isRecord(message) && message['refusal'] ? 'the model refused' : 'empty answer');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw malformedResponse('gemini', 'the answer is not JSON');
  }
  const usage = isRecord(answer) && isRecord(answer['usage']) ? answer['usage'] : {};
  return { json, promptTokens: Number(usage['prompt_tokens'] ?? 0) || 0, outputTokens: Number(usage['completion_tokens'] ?? 0) || 0 };
}

/**
 * Any OpenAI-compatible `/chat/completions` endpoint with JSON-schema output (vLLM, llama.cpp's server,
 * Ollama, OpenAI): the same system instruction and prompt as Gemini gets, the response schema as
 * `response_format: json_schema`, one call per note. `strict` is off: our schemas use keywords (maxLength,
 * enums) some servers' strict mode refuses, and the answer is validated by `parse` either way.
 */
export function openAiChatModel(endpoint: OpenAiEndpoint, retry: RetryPolicy): GenerativeModel {
  return {
    model: endpoint.model,
    async generateJson<T>(request: GenerateJsonRequest<T>): Promise<GenerateJsonResult<T>> {
      const body = JSON.stringify({
        model: endpoint.model,
        messages: [
          { role: 'system', content: request.systemInstruction },
          { role: 'user', content: request.prompt },
        ],
        temperature: request.temperature ?? 0.2,
        response_format: { type: 'json_schema', json_schema: { name: request.task.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64) || 'answer', schema: request.responseSchema, strict: false } },
      });
      const answer = await withRetries('gemini', retry, (signal) => postOpenAi('gemini', endpoint, '/chat/completions', body, signal, true));
      const { json, promptTokens, outputTokens } = jsonFromChatCompletion(answer);
      return { data: request.parse(json), model: endpoint.model, usage: { promptTokens, outputTokens } };
    },
  };
}
