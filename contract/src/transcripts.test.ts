import { describe, expect, it } from 'vitest';
import { isSimulatedDocumentation, SIMULATED_NOTE_LABEL } from './documentation.js';
import { engineQuality, isSimulatedEngine, TRANSCRIPT_QUALITY_LABELS } from './transcripts.js';

describe('engineQuality', () => {
  it('reads the maker before the slash: the AI emulator is simulated, pocketsphinx demo quality, models and typed text real', () => {
    expect(engineQuality('ai-emulator/medical_conversation')).toBe('simulated');
    expect(engineQuality('ai-emulator/gemini-2.5-flash · note-v1')).toBe('simulated');
    expect(engineQuality('pocketsphinx/en-us')).toBe('demo');
    expect(engineQuality('google-speech/medical_conversation')).toBe('real');
    expect(engineQuality('whisper/ggml-base.en')).toBe('real');
    expect(engineQuality('gemini-2.5-flash · note-v1')).toBe('real');
    expect(engineQuality('typed-text')).toBe('real');
    expect(engineQuality(undefined)).toBe('real');
    expect(isSimulatedEngine('AI-Emulator/latest_long')).toBe(true);
  });

  it('labels what is not a real model in words a clinician cannot misread', () => {
    expect(TRANSCRIPT_QUALITY_LABELS.simulated).toBe('Demo transcript: not made from this recording');
    expect(TRANSCRIPT_QUALITY_LABELS.demo).toBe('Offline demo-quality transcription');
    expect(TRANSCRIPT_QUALITY_LABELS.real).toBeNull();
    expect(SIMULATED_NOTE_LABEL).toMatch(/^Demo note/);
  });

  it('a note is simulated when the emulator wrote it or when its transcript was simulated', () => {
    expect(isSimulatedDocumentation('ai-emulator/gemini-2.5-flash · note-v1', 'google-speech/medical_conversation')).toBe(true);
    expect(isSimulatedDocumentation('gemini-2.5-flash · note-v1', 'ai-emulator/medical_conversation')).toBe(true);
    expect(isSimulatedDocumentation('gemini-2.5-flash · note-v1', 'pocketsphinx/en-us')).toBe(false);
  });
});
