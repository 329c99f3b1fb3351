import { GoogleGenAI, type GoogleGenAIOptions } from '@google/genai';
import type { AiConfig } from './ai-config.js';
import { emulatorAuthClient } from './emulator-auth.js';
import { errorFromStatus, malformedResponse, type GenerateJsonRequest, type GenerateJsonResult, type GenerativeModel } from './generative-model.js';
import { withRetries, type RetryPolicy } from './retry.js';

/** Pulls the JSON text out of a generateContent answer; throws a permanent error for anything else. */
export function jsonFromGeminiResponse(response: unknown): { json: unknown; promptTokens: number; outputTokens: number } {
  const r = response as {
    candidates?: { content?: { parts?: { text?: string }[] }; finishReason?: string }[];
    usageMetadata?: { promptTokenCount?: number; candidatesTokenCount?: number };
    promptFeedback?: { blockReason?: string };
  };
  if (r?.promptFeedback?.blockReason) throw malformedResponse('gemini', `request blocked: ${r.promptFeedback.blockReason}`);
  const candidate = r?.candidates?.[0];
  if (!candidate) throw malformedResponse('gemini', 'no candidate in the answer');
  if (candidate.finishReason && !['STOP', 'FINISH_REASON_UNSPECIFIED'].includes(candidate.finishReason)) {
    throw malformedResponse('gemini', `generation stopped early: ${candidate.finishReason}`);
  }
  const text = candidate.content?.parts?.map((p) => p.text ?? '').join('') ?? '';
  if (!text.trim()) throw malformedResponse('gemini', 'empty answer');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw malformedResponse('gemini', 'the answer is not JSON');
  }
  return { json, promptTokens: r.usageMetadata?.promptTokenCount ?? 0, outputTokens: r.usageMetadata?.candidatesTokenCount ?? 0 };
}

/** Gemini through @google/genai on Vertex AI, with structured (JSON Schema) output, timeouts and retries. */
export function geminiModel(config: AiConfig, retry: RetryPolicy): GenerativeModel {
  const ai = new GoogleGenAI({
    vertexai: true,
    project: config.project,
    location: config.location,
    ...(config.emulatorUrl
      ? {
          httpOptions: { baseUrl: config.emulatorUrl },
          // @google/genai bundles an older google-auth-library than the one we use; the client it needs
          // only has to produce request headers, which both versions' OAuth2Client do.
          googleAuthOptions: { authClient: emulatorAuthClient() as unknown as NonNullable<GoogleGenAIOptions['googleAuthOptions']>['authClient'] },
        }
      : {}),
  });

  // Under the emulator the engine names it (as Speech-to-Text's does): the contract's engineQuality reads
  // "ai-emulator/..." as simulated, so a note it stitched together is never shown as a model's.
  const modelName = config.emulatorUrl ? `ai-emulator/${config.geminiModel}` : config.geminiModel;

  return {
    model: modelName,
    async generateJson<T>(request: GenerateJsonRequest<T>): Promise<GenerateJsonResult<T>> {
      const response = await withRetries('gemini', retry, async (signal) => {
        try {
          return await ai.models.generateContent({
            model: config.geminiModel,
            contents: [{ role: 'user', parts: [{ text: request.prompt }] }],
            config: {
              systemInstruction: request.systemInstruction,
              responseMimeType: 'application/json',
              responseJsonSchema: request.responseSchema,
              temperature: request.temperature ?? 0.2,
              abortSignal: signal,
            },
          });
        } catch (err) {
          const status = (err as { status?: number }).status;
          throw errorFromStatus('gemini', status, `Gemini request failed${status ? ` (${status})` : ''}`);
        }
      });
      const { json, promptTokens, outputTokens } = jsonFromGeminiResponse(response);
      return { data: request.parse(json), model: modelName, usage: { promptTokens, outputTokens } };
    },
  };
}
