import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { readRequestBody } from '../http-helpers.ts';
import { generateContent } from './gemini.ts';
import { recognize } from './speech.ts';
import type { EmulatorState } from './state.ts';

/**
 * Stand-ins for an OpenAI-compatible server (OpenAI, faster-whisper servers, vLLM, llama.cpp, Ollama): the
 * wire formats of `/v1/audio/transcriptions` (multipart, `verbose_json`) and `/v1/chat/completions` (JSON
 * schema output). They answer like the Speech-to-Text and Gemini emulation (registered transcripts, the
 * sample consultation, notes composed from the prompt), so the same tests run against every adapter.
 */

const MAX_BODY = 64 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return readRequestBody(req, MAX_BODY, () => Object.assign(new Error('body too large'), { status: 413 }));
}

export interface TranscriptionUpload {
  audio: Buffer;
  /** The audio's SHA-256: what registered transcripts and faults are matched on, as for Speech-to-Text. */
  key: string;
  model: string;
  language: string;
  responseFormat: string;
}

/** Parses the multipart upload with the platform's own parser (undici's Request.formData()). */
export async function readTranscriptionUpload(req: IncomingMessage): Promise<TranscriptionUpload> {
  const body = await readBody(req);
  const form = await new Request('http://emulator/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: new Uint8Array(body) }).formData().catch(() => {
    throw Object.assign(new Error('the body is not multipart/form-data'), { status: 400 });
  });
  const file = form.get('file');
  if (!(file instanceof Blob)) throw Object.assign(new Error('file is required'), { status: 400 });
  const model = form.get('model');
  if (typeof model !== 'string' || !model) throw Object.assign(new Error('model is required'), { status: 400 });
  const audio = Buffer.from(await file.arrayBuffer());
  const language = form.get('language');
  const format = form.get('response_format');
  return {
    audio,
    key: createHash('sha256').update(audio).digest('hex'),
    model,
    language: typeof language === 'string' && language ? language : 'en',
    responseFormat: typeof format === 'string' ? format : 'json',
  };
}

interface SpeechResult {
  alternatives?: { transcript?: string; words?: { startTime?: string; endTime?: string }[] }[];
  resultEndTime?: string;
}

const secondsOf = (duration: string | undefined) => Number((duration ?? '0s').replace(/s$/, '')) || 0;

/** The transcription, as `verbose_json` (segments with times in seconds) or `json` (text alone). */
export async function audioTranscription(state: EmulatorState, upload: TranscriptionUpload) {
  const languageCode = upload.language.length === 2 ? `${upload.language}-${upload.language === 'en' ? 'US' : upload.language.toUpperCase()}` : upload.language;
  const { results } = await recognize(state, { audio: { content: upload.audio.toString('base64') }, config: { languageCode } });
  // The last Speech-to-Text result repeats every word for diarization; OpenAI's format has no speakers.
  const segments = (results as SpeechResult[]).slice(0, -1).map((r, id) => {
    const words = r.alternatives?.[0]?.words ?? [];
    return { id, start: secondsOf(words[0]?.startTime), end: secondsOf(r.resultEndTime), text: r.alternatives?.[0]?.transcript ?? '' };
  });
  const text = segments.map((s) => s.text).join(' ');
  if (upload.responseFormat !== 'verbose_json') return { text };
  return { task: 'transcribe', language: upload.language, duration: segments.at(-1)?.end ?? 0, text, segments };
}

export interface ChatCompletionBody {
  model?: string;
  messages?: { role?: string; content?: string }[];
  response_format?: { type?: string; json_schema?: { name?: string; schema?: unknown } };
}

/** What faults and the call log match on for chat: the user's messages, as for Gemini's contents. */
export const chatKey = (body: ChatCompletionBody) => JSON.stringify((body.messages ?? []).filter((m) => m.role !== 'system').map((m) => m.content ?? ''));

/** A chat completion answered by the Gemini emulation's task handlers (the prompt's TASK line). */
export function chatCompletion(state: EmulatorState, body: ChatCompletionBody) {
  if (body.response_format?.type !== 'json_schema' || !body.response_format.json_schema?.schema) {
    throw Object.assign(new Error('the emulator answers only response_format json_schema with a schema'), { status: 400 });
  }
  const messages = body.messages ?? [];
  const model = body.model ?? 'model';
  const answer = generateContent(state, model, {
    systemInstruction: messages.filter((m) => m.role === 'system').map((m) => m.content ?? '').join('\n'),
    contents: messages.filter((m) => m.role !== 'system').map((m) => ({ role: 'user', parts: [{ text: m.content ?? '' }] })),
  });
  const text = answer.candidates[0]?.content.parts[0]?.text ?? '';
  return {
    id: `chatcmpl-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: { prompt_tokens: answer.usageMetadata.promptTokenCount, completion_tokens: answer.usageMetadata.candidatesTokenCount, total_tokens: answer.usageMetadata.totalTokenCount },
  };
}
