import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aiServicesFromEnv, noteWriterEngineFromEnv, noteWriterModelFromEnv, transcriberEngineFromEnv } from './ai-engines.js';
import { segmentsFromPocketsphinx } from './local-speech/pocketsphinx.js';
import { checkWhisperModel, whisperLanguage } from './local-speech/whisper.js';
import { jsonFromChatCompletion } from './openai/openai-chat-model.js';
import { segmentsFromVerboseJson } from './openai/openai-transcriber.js';

const local = { AI_EMULATOR_URL: 'http://127.0.0.1:9299' };

describe('Engine choice', () => {
  it('Locally: whisper when a model is configured, else pocketsphinx when installed, else the emulator', () => {
    expect(transcriberEngineFromEnv({ ...local, WHISPER_MODEL_PATH: '/models/ggml-base.en.bin' }, () => true)).toBe('whisper');
    expect(transcriberEngineFromEnv(local, () => true)).toBe('pocketsphinx');
    expect(transcriberEngineFromEnv(local, () => false)).toBe('emulator');
  });

  it('Deployed (no emulator): Speech-to-Text and Gemini; TRANSCRIBER and NOTE_WRITER win when set', () => {
    expect(transcriberEngineFromEnv({}, () => true)).toBe('google');
    expect(noteWriterEngineFromEnv({})).toBe('gemini');
    expect(transcriberEngineFromEnv({ ...local, TRANSCRIBER: 'emulator' }, () => true)).toBe('emulator');
    expect(noteWriterEngineFromEnv({ NOTE_WRITER: 'openai' })).toBe('openai');
  });

  it('The writing model alone (what `npm run eval` measures) is the one the API would write with', () => {
    expect(noteWriterModelFromEnv(local)).toMatchObject({ engine: 'gemini', model: { model: 'ai-emulator/gemini-2.5-flash' } });
    expect(noteWriterModelFromEnv({ GEMINI_MODEL: 'gemini-2.5-pro' }).model.model).toBe('gemini-2.5-pro');
    const openai = noteWriterModelFromEnv({ NOTE_WRITER: 'openai', OPENAI_BASE_URL: 'http://localhost:11434/v1', OPENAI_CHAT_MODEL: 'llama3.1:8b' });
    expect(openai.engine).toBe('openai');
    expect(openai.model.model).toBe('llama3.1:8b');
    expect(() => noteWriterModelFromEnv({ NOTE_WRITER: 'openai', OPENAI_BASE_URL: 'http://localhost:11434/v1' })).toThrow(/OPENAI_CHAT_MODEL/);
  });

  it('A wrong or incomplete setting stops the API at start, naming the variable', () => {
    expect(() => transcriberEngineFromEnv({ TRANSCRIBER: 'wisper' })).toThrow(/TRANSCRIBER=wisper is not one of google, emulator, pocketsphinx, whisper, openai/);
    expect(() => noteWriterEngineFromEnv({ NOTE_WRITER: 'claude' })).toThrow(/NOTE_WRITER=claude/);
    expect(() => aiServicesFromEnv({ TRANSCRIBER: 'openai' })).toThrow(/OPENAI_BASE_URL/);
    expect(() => aiServicesFromEnv({ TRANSCRIBER: 'openai', OPENAI_BASE_URL: 'http://localhost:8000/v1' })).toThrow(/OPENAI_TRANSCRIBE_MODEL/);
    expect(() => aiServicesFromEnv({ NOTE_WRITER: 'openai', OPENAI_BASE_URL: 'localhost:11434' })).toThrow(/http\(s\) URL/);
    expect(() => aiServicesFromEnv({ TRANSCRIBER: 'emulator' })).toThrow(/AI_EMULATOR_URL/);
  });

  it('Whisper: a missing variable, a missing file and a file that is no ggml model each say where to get one', () => {
    expect(() => aiServicesFromEnv({ TRANSCRIBER: 'whisper' })).toThrow(/needs WHISPER_MODEL_PATH.*ggml-base\.en\.bin.*huggingface\.co\/ggerganov\/whisper\.cpp/);
    expect(() => checkWhisperModel('/nowhere/ggml-base.en.bin')).toThrow(/WHISPER_MODEL_PATH=\/nowhere\/ggml-base\.en\.bin: no such file; download/);
    const dir = mkdtempSync(join(tmpdir(), 'charta-whisper-'));
    writeFileSync(join(dir, 'model.bin'), 'not a model');
    expect(() => checkWhisperModel(join(dir, 'model.bin'))).toThrow(/is not a whisper\.cpp ggml model file/);
    writeFileSync(join(dir, 'ggml-tiny.bin'), Buffer.concat([Buffer.from([0x6c, 0x6d, 0x67, 0x67]), Buffer.alloc(16)]));
    const services = aiServicesFromEnv({ WHISPER_MODEL_PATH: join(dir, 'ggml-tiny.bin') });
    expect(services.engines).toEqual({ transcriber: 'whisper', noteWriter: 'gemini' });
    expect(whisperLanguage('en-US')).toBe('en');
  });
});

describe('pocketsphinx output', () => {
  it('Words with their times; markers and alternate pronunciations cleaned; a pause starts a new segment', () => {
    const output = [
      'good morning what brings you',
      '<s> 0.000 0.020 0.99',
      'good 0.030 0.300 0.5',
      'morning(2) 0.310 0.700 0.4',
      '<sil> 0.710 1.200 0.99',
      '[NOISE] 1.210 1.300 0.2',
      'what 1.310 1.500 0.3',
      'brings 1.510 1.800 0.3',
      '</s> 1.810 1.900 1.0',
      'cough',
      '<s> 3.000 3.100 0.9',
      'cough 3.110 3.500 0.8',
      '</s> 3.510 3.600 1.0',
    ].join('\n');
    expect(segmentsFromPocketsphinx(output)).toEqual([
      { speaker: 'speaker', startMs: 30, endMs: 700, text: 'good morning' },
      { speaker: 'speaker', startMs: 1310, endMs: 1800, text: 'what brings' },
      { speaker: 'speaker', startMs: 3110, endMs: 3500, text: 'cough' },
    ]);
    expect(segmentsFromPocketsphinx('')).toEqual([]);
    // A window primed with the 1.3 s before it: what was heard there is the window before's, the rest is timed
    // from the window's own start ("what" is mostly in the priming; "brings" mostly after it).
    expect(segmentsFromPocketsphinx(output, 1450)).toEqual([
      { speaker: 'speaker', startMs: 60, endMs: 350, text: 'brings' },
      { speaker: 'speaker', startMs: 1660, endMs: 2050, text: 'cough' },
    ]);
  });
});

describe('OpenAI-compatible answers', () => {
  it('verbose_json segments in seconds become timed segments of one speaker; text alone is one segment', () => {
    expect(segmentsFromVerboseJson({ text: 'a b', segments: [{ start: 0.5, end: 1.25, text: ' I have a cough. ' }, { start: 2, end: 1, text: '' }] })).toEqual([
      { speaker: 'speaker', startMs: 500, endMs: 1250, text: 'I have a cough.' },
    ]);
    expect(segmentsFromVerboseJson({ text: 'Hello.' })).toEqual([{ speaker: 'speaker', startMs: 0, endMs: 0, text: 'Hello.' }]);
    expect(() => segmentsFromVerboseJson({ results: [] })).toThrow(/neither segments nor text/);
  });

  it('A chat completion gives its JSON and token counts; a cut-off, empty or non-JSON answer is a permanent error', () => {
    const answer = (content: string, finish = 'stop') => ({ choices: [{ message: { role: 'assistant', content }, finish_reason: finish }], usage: { prompt_tokens: 12, completion_tokens: 5 } });
    expect(jsonFromChatCompletion(answer('{"a":1}'))).toEqual({ json: { a: 1 }, promptTokens: 12, outputTokens: 5 });
    expect(() => jsonFromChatCompletion(answer('{"a":', 'length'))).toThrow(/stopped early: length/);
    expect(() => jsonFromChatCompletion(answer(''))).toThrow(/empty answer/);
    expect(() => jsonFromChatCompletion(answer('not json'))).toThrow(/not JSON/);
    expect(() => jsonFromChatCompletion({})).toThrow(/no choice/);
  });
});
