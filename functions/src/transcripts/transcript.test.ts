import { describe, expect, it } from 'vitest';
import { fullText, segmentsFromText, transcriptRecord } from './transcript.js';

describe('segmentsFromText', () => {
  it('A pasted dialogue becomes one segment per speaker line', () => {
    const segments = segmentsFromText('Doctor: How are you?\nPatient: Tired, and my knee hurts.\nDoctor: Since when?');
    const record = transcriptRecord({ session: { id: 's1', ownerUid: 'u1' }, sourceUploadId: null, language: 'en-US', durationSec: 0, engine: 'typed-text', segments, processingMs: 0, now: '2026-11-25T00:00:00.000Z' });
    expect(record.text).toBe('doctor: How are you?\npatient: Tired, and my knee hurts.\ndoctor: Since when?');
    expect(record.segments.map((s) => [s.id, s.speaker, s.text])).toEqual([
      ['seg-1', 'doctor', 'How are you?'],
      ['seg-2', 'patient', 'Tired, and my knee hurts.'],
      ['seg-3', 'doctor', 'Since when?'],
    ]);
  });

  it('Dictated notes become one segment per paragraph', () => {
    const segments = segmentsFromText('Knee pain for two weeks,\nworse on stairs.\n\nNo swelling.   Full range of motion.');
    expect(segments.map((s) => [s.speaker, s.text])).toEqual([
      ['note', 'Knee pain for two weeks, worse on stairs.'],
      ['note', 'No swelling. Full range of motion.'],
    ]);
  });

  it('Nothing to say: no segments', () => {
    expect(segmentsFromText(' \n\n ')).toEqual([]);
  });

  it('fullText names the speaker of every line', () => {
    expect(fullText([{ speaker: 'patient', text: 'Hi' }, { speaker: 'clinician', text: 'Hello' }])).toBe('patient: Hi\nclinician: Hello');
  });
});
