import { describe, expect, it } from 'vitest';
import { sectionSourceLabel } from './documentation.js';
import {
  engineAuthor,
  engineQuality,
  isSimulatedDocumentation,
  isSimulatedEngine,
  noteProvenance,
  provenanceChipLabel,
  provenanceHeader,
  provenanceLabel,
  sessionProvenance,
  SIMULATED_TRANSCRIPT_NOTICE,
  transcriptProvenance,
} from './provenance.js';

const EMULATOR_SPEECH = 'ai-emulator/medical_conversation';
const EMULATOR_NOTE = 'ai-emulator/gemini-2.5-flash · note-v1';
const POCKETSPHINX = 'pocketsphinx/en-us';
const GOOGLE_SPEECH = 'google-speech/medical_conversation';
const GEMINI_NOTE = 'gemini-2.5-flash · note-v1';

describe('engineQuality and engineAuthor', () => {
  it('read the maker before the slash: the AI emulator is simulated, pocketsphinx demo quality, models and typed text real', () => {
    expect(engineQuality(EMULATOR_SPEECH)).toBe('simulated');
    expect(engineQuality(EMULATOR_NOTE)).toBe('simulated');
    expect(engineQuality(POCKETSPHINX)).toBe('demo');
    expect(engineQuality(GOOGLE_SPEECH)).toBe('real');
    expect(engineQuality('whisper/ggml-base.en')).toBe('real');
    expect(engineQuality(GEMINI_NOTE)).toBe('real');
    expect(engineQuality('typed-text')).toBe('real');
    expect(engineQuality(undefined)).toBe('real');
    expect(isSimulatedEngine('AI-Emulator/latest_long')).toBe(true);
    expect([EMULATOR_NOTE, POCKETSPHINX, GEMINI_NOTE, 'typed-text'].map(engineAuthor)).toEqual(['emulator', 'model', 'model', 'clinician']);
  });

  it('a note is simulated when the emulator wrote it or when its transcript was simulated', () => {
    expect(isSimulatedDocumentation(EMULATOR_NOTE, GOOGLE_SPEECH)).toBe(true);
    expect(isSimulatedDocumentation(GEMINI_NOTE, EMULATOR_SPEECH)).toBe(true);
    expect(isSimulatedDocumentation(GEMINI_NOTE, POCKETSPHINX)).toBe(false);
  });
});

describe('the vocabulary: one set of words for every (quality, author) of a transcript and a note', () => {
  it('says of each transcript what made it and from what', () => {
    expect(provenanceLabel(transcriptProvenance(EMULATOR_SPEECH))).toBe('Simulated transcript: a sample consultation, not this recording');
    expect(provenanceLabel(transcriptProvenance(POCKETSPHINX))).toBe('Demo-quality transcript: made from this recording by an offline recogniser of low accuracy');
    expect(provenanceLabel(transcriptProvenance(GOOGLE_SPEECH))).toBe('Transcript: made from this recording by an AI model');
    expect(provenanceLabel(transcriptProvenance('typed-text'))).toBe('Transcript: your typed notes');
  });

  it('says of each note who wrote it and from what: the emulator’s note from this recording’s transcript is simulated, not “not from this recording”', () => {
    expect(provenanceLabel(noteProvenance(EMULATOR_NOTE, POCKETSPHINX))).toBe(
      'Simulated note: put together by the AI emulator from this recording’s demo-quality transcript by fixed rules, not written by an AI model',
    );
    expect(provenanceLabel(noteProvenance(EMULATOR_NOTE, GOOGLE_SPEECH))).toBe('Simulated note: put together by the AI emulator from this recording’s transcript by fixed rules, not written by an AI model');
    expect(provenanceLabel(noteProvenance(EMULATOR_NOTE, EMULATOR_SPEECH))).toBe('Simulated note: written by the AI emulator from a sample consultation, not this recording');
    expect(provenanceLabel(noteProvenance(GEMINI_NOTE, EMULATOR_SPEECH))).toBe('Simulated note: written by an AI model from a sample consultation, not this recording');
    expect(provenanceLabel(noteProvenance(GEMINI_NOTE, POCKETSPHINX))).toBe('Demo-quality note: written by an AI model from this recording’s demo-quality transcript');
    expect(provenanceLabel(noteProvenance(GEMINI_NOTE, GOOGLE_SPEECH))).toBe('Note: written by an AI model from this recording’s transcript');
    expect(provenanceLabel(noteProvenance(EMULATOR_NOTE, 'typed-text'))).toBe('Simulated note: put together by the AI emulator from your typed notes by fixed rules, not written by an AI model');
    expect(provenanceLabel(noteProvenance(EMULATOR_NOTE, POCKETSPHINX, 'answers'))).toMatch(/^Simulated answers: put together by the AI emulator .* not answered by an AI model$/);
  });

  it('the list chip is the start of the banner’s title, and names the least trustworthy part of the session', () => {
    const chip = (transcriptEngine: string, documentationEngine?: string) => {
      const p = sessionProvenance({ transcriptEngine, ...(documentationEngine ? { documentationEngine } : {}) });
      return p && provenanceChipLabel(p);
    };
    expect(chip(POCKETSPHINX, EMULATOR_NOTE)).toBe('Simulated note');
    expect(chip(EMULATOR_SPEECH, GEMINI_NOTE)).toBe('Simulated transcript');
    expect(chip(POCKETSPHINX, GEMINI_NOTE)).toBe('Demo-quality note');
    expect(chip(POCKETSPHINX)).toBe('Demo-quality transcript');
    expect(chip(GOOGLE_SPEECH, GEMINI_NOTE)).toBeNull();
    for (const [d, t] of [[EMULATOR_NOTE, POCKETSPHINX], [GEMINI_NOTE, EMULATOR_SPEECH], [GEMINI_NOTE, POCKETSPHINX]] as const) {
      const p = noteProvenance(d, t);
      expect(provenanceLabel(p).startsWith(`${provenanceChipLabel(p)!}: `)).toBe(true);
    }
  });

  it('never presents simulated output as real: every simulated label says so, and none claims a model wrote it from this recording', () => {
    const simulated = [
      transcriptProvenance(EMULATOR_SPEECH),
      noteProvenance(EMULATOR_NOTE, POCKETSPHINX),
      noteProvenance(EMULATOR_NOTE, GOOGLE_SPEECH),
      noteProvenance(EMULATOR_NOTE, EMULATOR_SPEECH),
      noteProvenance(GEMINI_NOTE, EMULATOR_SPEECH),
      noteProvenance(EMULATOR_NOTE, GOOGLE_SPEECH, 'answers'),
    ];
    for (const p of simulated) {
      expect(p.quality).toBe('simulated');
      expect(provenanceLabel(p)).toMatch(/^Simulated /);
      expect(provenanceLabel(p)).not.toMatch(/(written|answered) by an AI model from this recording/);
      expect(provenanceHeader(p)).toBe(`[${provenanceLabel(p)}. Do not use it in a patient record.]`);
    }
    expect(provenanceHeader(noteProvenance(GEMINI_NOTE, GOOGLE_SPEECH))).toBeNull();
    expect(SIMULATED_TRANSCRIPT_NOTICE.startsWith(provenanceLabel(transcriptProvenance(EMULATOR_SPEECH)))).toBe(true);
  });

  it('History says who wrote each version in the same words', () => {
    expect(sectionSourceLabel('generated', noteProvenance(EMULATOR_NOTE, POCKETSPHINX))).toBe('Written by the AI emulator (simulated)');
    expect(sectionSourceLabel('regenerate_section', noteProvenance(GEMINI_NOTE, POCKETSPHINX))).toBe('Regenerated by an AI model (demo-quality)');
    expect(sectionSourceLabel('magic_edit_note', noteProvenance(GEMINI_NOTE, EMULATOR_SPEECH))).toBe('Magic edit of the note by an AI model (simulated)');
    expect(sectionSourceLabel('generated', noteProvenance(GEMINI_NOTE, GOOGLE_SPEECH))).toBe('Written by an AI model');
    expect(sectionSourceLabel('clinician', noteProvenance(EMULATOR_NOTE, POCKETSPHINX))).toBe('Your text');
  });
});
