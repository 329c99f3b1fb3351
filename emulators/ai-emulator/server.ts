/**
 * The local AI emulator: speaks the parts of Google's Speech-to-Text (v1p1beta1 REST) and Vertex AI
 * Gemini (generateContent) wire formats that Charta's adapters use, so the same adapter code runs here
 * and against Google. Control endpoints under /emulator/v1 let tests register transcripts, inject
 * faults and read back which endpoint served each call. Run: node emulators/ai-emulator/server.ts [--port 9299]
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readRequestBody } from '../http-helpers.ts';
import { generateContent, type GenerateContentBody } from './gemini.ts';
import { audioTranscription, chatCompletion, chatKey, readTranscriptionUpload, type ChatCompletionBody } from './openai.ts';
import { longRunningRecognize, pollOperation, recognize, storedAudio, type RecognizeBody } from './speech.ts';
import { callMatches, newState, recordCall, takeFault, type EmulatorState, type Fault, type RegisteredSegment, type ServedCall } from './state.ts';

const MAX_BODY = 64 * 1024 * 1024;

async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = (await readRequestBody(req, MAX_BODY, () => Object.assign(new Error('body too large'), { status: 413 }))).toString('utf8');
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw Object.assign(new Error('body is not JSON'), { status: 400 });
  }
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * What a speech request is known by (faults and the call log match on it): the SHA-256 of inline audio; or
 * the audio's URI and, when the emulator can read it from Cloud Storage, the SHA-256 of what it names, so a
 * test knows its audio by its bytes wherever the API stored it. The audio read is passed on to recognition.
 */
async function speechKeys(state: EmulatorState, body: RecognizeBody): Promise<{ key: string; aliases: string[]; read: Buffer | null }> {
  if (body.audio?.content) return { key: sha256(Buffer.from(body.audio.content, 'base64')), aliases: [], read: null };
  const uri = body.audio?.uri ?? '';
  const read = uri && !state.transcripts.has(uri) ? await storedAudio(uri) : null;
  return { key: uri, aliases: read ? [sha256(read)] : [], read };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Google-style error body. */
function sendError(res: ServerResponse, status: number, message: string): void {
  send(res, status, { error: { code: status, message, status: status === 429 ? 'RESOURCE_EXHAUSTED' : status >= 500 ? 'UNAVAILABLE' : 'INVALID_ARGUMENT' } });
}

/** Applies an injected fault: an error status, an answer that is not what was asked, or no answer in time. */
async function faulted(res: ServerResponse, fault: Fault, service: 'speech' | 'gemini'): Promise<boolean> {
  if (fault.mode === 'error') {
    sendError(res, fault.status, `injected ${service} failure`);
    return true;
  }
  if (fault.mode === 'timeout') {
    await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (!res.writableEnded && !res.destroyed) sendError(res, 504, `injected ${service} timeout`);
    return true;
  }
  if (service === 'gemini') {
    send(res, 200, { candidates: [{ content: { role: 'model', parts: [{ text: 'this is not JSON {' }] }, finishReason: 'STOP' }] });
  } else {
    send(res, 200, { results: 'not-a-list' });
  }
  return true;
}

async function route(state: EmulatorState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://emulator');
  const path = url.pathname;

  if (req.method === 'GET' && path === '/health') return send(res, 200, { status: 'ok' });

  // --- control endpoints (emulator only) ---
  if (path === '/emulator/v1/transcripts' && req.method === 'POST') {
    const body = (await readJson(req)) as { sha256?: string; uri?: string; language?: string; segments?: RegisteredSegment[] };
    const key = body.sha256 && /^[0-9a-f]{64}$/.test(body.sha256) ? body.sha256 : body.uri && /^gs:\/\/[^/]+\/.+$/.test(body.uri) ? body.uri : null;
    if (!key || !Array.isArray(body.segments)) return sendError(res, 400, 'need sha256 (hex) or uri (gs://), and segments');
    state.transcripts.set(key, { ...(body.language ? { language: body.language } : {}), segments: body.segments });
    return send(res, 200, { registered: key });
  }
  if (path === '/emulator/v1/faults' && req.method === 'POST') {
    const body = (await readJson(req)) as Partial<Fault> & { count?: number };
    if (body.service !== 'speech' && body.service !== 'gemini') return sendError(res, 400, 'service must be speech or gemini');
    const mode = body.mode ?? 'error';
    state.faults.push({ service: body.service, mode, status: body.status ?? 503, remaining: body.count ?? 1, delayMs: body.delayMs ?? 10 * 60_000, ...(body.match ? { match: body.match } : {}) });
    return send(res, 200, { armed: state.faults.length });
  }
  if (path === '/emulator/v1/faults' && req.method === 'DELETE') {
    state.faults.length = 0;
    return send(res, 200, { cleared: true });
  }
  if (path === '/emulator/v1/stats' && req.method === 'GET') return send(res, 200, state.stats);
  if (path === '/emulator/v1/calls' && req.method === 'GET') {
    // Filtered like faults (`match`: an audio's SHA-256 or URI, or text in the prompt), so parallel suites
    // sharing one emulator each see only their own calls. Prompts are not sent back.
    const service = url.searchParams.get('service');
    const match = url.searchParams.get('match');
    const calls = state.calls
      .filter((c) => (service === null || c.service === service) && (match === null || callMatches(c, match)))
      .map(({ service: s, method, outcome, key }) => ({ service: s, method, outcome, ...(s === 'speech' ? { audio: key } : {}) }));
    return send(res, 200, { calls });
  }
  if (path === '/emulator/v1/reset' && req.method === 'POST') {
    Object.assign(state, newState());
    return send(res, 200, { reset: true });
  }

  // --- Speech-to-Text v1p1beta1 ---
  const speech = /^\/v1p1beta1\/speech:(recognize|longrunningrecognize)$/i.exec(path);
  if (req.method === 'POST' && speech) {
    const body = (await readJson(req)) as RecognizeBody;
    const { key, aliases, read } = await speechKeys(state, body);
    const method: ServedCall['method'] = speech[1]!.toLowerCase() === 'longrunningrecognize' ? 'longrunningrecognize' : 'recognize';
    const call = recordCall(state, { service: 'speech', method, key, aliases, outcome: 'ok' });
    const fault = takeFault(state, 'speech', key, aliases);
    if (fault) {
      call.outcome = fault.mode;
      if (await faulted(res, fault, 'speech')) return;
    }
    return send(res, 200, method === 'longrunningrecognize' ? await longRunningRecognize(state, body, key, aliases, read) : await recognize(state, body, read));
  }
  const operation = /^\/v1p1beta1\/operations\/(.+)$/.exec(path);
  if (req.method === 'GET' && operation) {
    const polled = pollOperation(state, decodeURIComponent(operation[1]!));
    if (!polled) return sendError(res, 404, 'no such operation');
    recordCall(state, { service: 'speech', method: 'operations.get', key: polled.key, aliases: polled.aliases, outcome: 'ok' });
    return send(res, 200, polled.operation);
  }

  // --- Vertex AI generateContent ---
  const gemini = /^\/v1(?:beta1)?\/projects\/[^/]+\/locations\/[^/]+\/publishers\/google\/models\/([^/:]+):generateContent$/.exec(path);
  if (req.method === 'POST' && gemini) {
    const body = (await readJson(req)) as GenerateContentBody;
    const key = JSON.stringify(body.contents ?? []);
    const call = recordCall(state, { service: 'gemini', method: 'generateContent', key, outcome: 'ok' });
    const fault = takeFault(state, 'gemini', key);
    if (fault) {
      call.outcome = fault.mode;
      if (await faulted(res, fault, 'gemini')) return;
    }
    return send(res, 200, generateContent(state, gemini[1]!, body));
  }

  // --- OpenAI-compatible stand-ins (openai.ts): faults and the call log as for speech and gemini ---
  if (req.method === 'POST' && path === '/v1/audio/transcriptions') {
    const upload = await readTranscriptionUpload(req);
    const call = recordCall(state, { service: 'speech', method: 'audio.transcriptions', key: upload.key, outcome: 'ok' });
    const fault = takeFault(state, 'speech', upload.key);
    if (fault) {
      call.outcome = fault.mode;
      if (await faulted(res, fault, 'speech')) return;
    }
    return send(res, 200, await audioTranscription(state, upload));
  }
  if (req.method === 'POST' && path === '/v1/chat/completions') {
    const body = (await readJson(req)) as ChatCompletionBody;
    const key = chatKey(body);
    const call = recordCall(state, { service: 'gemini', method: 'chat.completions', key, outcome: 'ok' });
    const fault = takeFault(state, 'gemini', key);
    if (fault) {
      call.outcome = fault.mode;
      if (await faulted(res, fault, 'gemini')) return;
    }
    return send(res, 200, chatCompletion(state, body));
  }

  sendError(res, 404, `the AI emulator does not serve ${req.method} ${path}`);
}

export function startAiEmulator(port: number, host = '127.0.0.1'): Promise<Server> {
  const state = newState();
  const server = createServer((req, res) => {
    route(state, req, res).catch((err: { status?: number; message?: string }) => {
      if (!res.headersSent) sendError(res, err.status ?? 500, err.message ?? 'emulator error');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const portArg = process.argv.indexOf('--port');
  const port = Number(portArg > 0 ? process.argv[portArg + 1] : (process.env['AI_EMULATOR_PORT'] ?? 9299));
  const server = await startAiEmulator(port);
  console.log(`ai-emulator: Speech-to-Text and Gemini (Vertex AI) emulated at http://127.0.0.1:${port}`);
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
