import { Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { noteProvenance, provenanceHeader, provenanceLabel, transcriptProvenance, type Transcript } from '@charta/contract';
import { sessionFolder, writeExportArchive, type ExportedSession, type ExportNote } from './export-archive.js';
import { zipEntries } from './zip-entries.test-support.js';

const AUDIO_BYTES = 256 * 1024;
const AUDIO_CHUNK = 16 * 1024;

/** A session with a transcript, a four-section note and `audioBytes` of audio made as it is read. */
function session(i: number, audio: { bytes: number; onProduced: (n: number) => void; onFinished?: () => void } | null): ExportedSession {
  const id = `s${String(i).padStart(4, '0')}`;
  const createdAt = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  return {
    session: { id, patientName: `Patient ${i}`, title: `Visit ${i}`, templateId: 'soap', language: 'en-US', status: 'ready', createdAt, updatedAt: createdAt, audioDurationSec: 60 },
    templateName: 'SOAP',
    transcript: {
      sessionId: id,
      language: 'en-US',
      durationSec: 60,
      engine: 'test',
      text: '',
      segments: Array.from({ length: 20 }, (_, n) => ({ id: `g${n}`, speaker: n % 2 ? 'patient' : 'clinician', startMs: n * 3000, endMs: n * 3000 + 2500, text: `Turn ${n} of session ${i}: the cough started ${n} days ago.` })),
    },
    note: { updatedAt: createdAt, engine: 'gemini-2.5-flash · note-v1', sections: ['Subjective', 'Objective', 'Assessment', 'Plan'].map((title) => ({ id: title.toLowerCase(), title, content: `${title} of visit ${i}.` })) },
    audio: audio
      ? {
          extension: 'webm',
          sizeBytes: audio.bytes,
          open: () => {
            let left = audio.bytes;
            return new Readable({
              read() {
                if (left === 0) {
                  audio.onFinished?.();
                  return void this.push(null);
                }
                const n = Math.min(AUDIO_CHUNK, left);
                left -= n;
                audio.onProduced(n);
                // Incompressible-looking bytes, made now: nothing holds them but the stream.
                this.push(Buffer.alloc(n, i % 251));
              },
            });
          },
        }
      : { kind: 'not_kept', why: 'not kept (deleted under your retention settings)' },
  };
}

/** The source as the archive sees it: sessions one at a time, each made when pulled (no read-ahead). */
async function* sessions(count: number, make: (i: number) => ExportedSession, onPulled: () => void = () => {}): AsyncGenerator<ExportedSession> {
  for (let i = 0; i < count; i++) {
    // A real source awaits its reads (Firestore, Storage) before it yields.
    await Promise.resolve();
    onPulled();
    yield make(i);
  }
}

/** A slow reader with a small buffer: it takes a chunk per tick, so a writer that ignored back-pressure would pile up. */
function slowSink(onConsumed: (n: number) => void): Writable {
  return new Writable({
    highWaterMark: 64 * 1024,
    write(chunk: Buffer, _enc, done) {
      onConsumed(chunk.length);
      setImmediate(done);
    },
  });
}

function collect(): { sink: Writable; bytes: () => Buffer } {
  const chunks: Buffer[] = [];
  return { sink: new Writable({ write: (c: Buffer, _e, done) => void (chunks.push(c), done()) }), bytes: () => Buffer.concat(chunks) };
}

describe('The data export archive', () => {
  it('streams 500 sessions with their audio through a slow reader within a fixed buffer: never the whole archive in memory', async () => {
    let produced = 0;
    let consumed = 0;
    let maxInFlight = 0;
    let pulled = 0;
    let maxSessionsAhead = 0;
    let audioFinished = 0;
    const heapBefore = process.memoryUsage();
    let heapPeak = 0;
    const onProduced = (n: number) => {
      produced += n;
      maxInFlight = Math.max(maxInFlight, produced - consumed);
    };
    await writeExportArchive(
      sessions(500, (i) => session(i, { bytes: AUDIO_BYTES, onProduced, onFinished: () => audioFinished++ }), () => {
        pulled++;
        // Sessions read from the source whose audio has not all gone into the archive yet.
        maxSessionsAhead = Math.max(maxSessionsAhead, pulled - audioFinished);
      }),
      slowSink((n) => (consumed += n)),
      () => {
        const m = process.memoryUsage();
        heapPeak = Math.max(heapPeak, m.heapUsed + m.arrayBuffers);
        return Promise.resolve();
      },
    );
    const total = 500 * AUDIO_BYTES;
    expect(produced).toBe(total);
    expect(consumed).toBeGreaterThan(total);
    // Audio made but not yet taken by the reader: a few chunks of buffering, not the 125 MiB of the archive.
    expect(maxInFlight).toBeLessThan(4 * 1024 * 1024);
    // The next session is read only once the last one's audio is in the archive: one session in flight.
    expect(maxSessionsAhead).toBe(1);
    // The heap's growth is printed, not asserted: it counts garbage the collector has not taken yet.
    const growthMb = (heapPeak - heapBefore.heapUsed - heapBefore.arrayBuffers) / 1024 ** 2;
    console.log(`[export] 500 sessions, ${(consumed / 1024 ** 2).toFixed(0)} MiB archive: at most ${(maxInFlight / 1024).toFixed(0)} KiB of audio in flight, heap+buffers grew ${growthMb.toFixed(1)} MiB`);
  }, 120_000);

  it('holds each session’s transcript, note, audio and summary, and says which parts are not kept', async () => {
    const out = collect();
    const withAudio = {
      ...session(1, { bytes: 1000, onProduced: () => {} }),
      chat: [
        { id: 'q1', role: 'user', content: 'Which antibiotic?', createdAt: '2026-01-01T10:00:00.000Z', evidence: [] },
        { id: 'a1', role: 'assistant', content: 'The note says clarithromycin.', createdAt: '2026-01-01T10:00:01.000Z', evidence: [], source: 'note' },
      ],
    } satisfies ExportedSession;
    const withoutAudio = { ...session(2, null), transcript: { kind: 'not_kept', why: 'not kept (deleted under your retention settings)' } } satisfies ExportedSession;
    await writeExportArchive(sessions(2, (i) => (i === 0 ? withAudio : withoutAudio)), out.sink);
    const entries = await zipEntries(out.bytes());
    const first = sessionFolder(withAudio.session);
    const second = sessionFolder(withoutAudio.session);
    expect([...entries.keys()].sort()).toEqual(
      ['README.txt', `${first}/audio.webm`, `${first}/chat.txt`, `${first}/note.txt`, `${first}/session.json`, `${first}/session.txt`, `${first}/transcript.txt`, `${second}/note.txt`, `${second}/session.json`, `${second}/session.txt`].sort(),
    );
    expect(entries.get(`${first}/audio.webm`)?.length).toBe(1000);
    expect(entries.get(`${first}/transcript.txt`)?.toString()).toContain('[00:03] patient: Turn 1 of session 1');
    expect(entries.get(`${first}/note.txt`)?.toString()).toMatch(/Patient 1\n2026-01-01 · SOAP\n[\s\S]*Assessment\n-+\nAssessment of visit 1\./);
    expect(entries.get(`${first}/session.txt`)?.toString()).toContain('Audio: included (audio.webm)');
    // The session's chat, kept on the server, is the account's data too.
    expect(entries.get(`${first}/chat.txt`)?.toString()).toBe('[2026-01-01T10:00:00.000Z] You: Which antibiotic?\n\n[2026-01-01T10:00:01.000Z] Charta: The note says clarithromycin.\n');
    expect(entries.get(`${first}/session.txt`)?.toString()).toContain('Chat: 2 messages included (chat.txt)');
    expect(entries.get(`${second}/session.txt`)?.toString()).toContain('Chat: none');
    const summary = entries.get(`${second}/session.txt`)?.toString() ?? '';
    expect(summary).toContain('Audio: not kept (deleted under your retention settings)');
    expect(summary).toContain('Transcript: not kept (deleted under your retention settings)');
    expect(JSON.parse(entries.get(`${second}/session.json`)?.toString() ?? '{}')).toMatchObject({ audio: { missing: { kind: 'not_kept' } }, session: { id: 's0002' } });
  });

  it('says where the transcript and the note came from in the contract’s words, and marks simulated and demo-quality ones first', async () => {
    const out = collect();
    const base = session(1, null);
    const offline = {
      ...base,
      transcript: { ...(base.transcript as Transcript), engine: 'pocketsphinx/en-us' },
      note: { ...(base.note as ExportNote), engine: 'ai-emulator/gemini-2.5-flash · note-v1' },
    } satisfies ExportedSession;
    await writeExportArchive(sessions(1, () => offline), out.sink);
    const entries = await zipEntries(out.bytes());
    const folder = sessionFolder(offline.session);
    const transcript = transcriptProvenance('pocketsphinx/en-us');
    const note = noteProvenance('ai-emulator/gemini-2.5-flash · note-v1', 'pocketsphinx/en-us');
    expect(entries.get(`${folder}/transcript.txt`)?.toString().split('\n')[0]).toBe(provenanceHeader(transcript));
    expect(entries.get(`${folder}/note.txt`)?.toString().split('\n')[0]).toBe(provenanceHeader(note));
    expect(provenanceHeader(note)).toMatch(/^\[Simulated note: put together by the AI emulator/);
    const summary = entries.get(`${folder}/session.txt`)?.toString() ?? '';
    expect(summary).toContain(`Transcript: included (transcript.txt). ${provenanceLabel(transcript)}`);
    expect(summary).toContain(`Note: included (note.txt). ${provenanceLabel(note)}`);
  });

  it('names folders so no patient name can escape the archive or break an unzip tool', () => {
    const base = session(1, null).session;
    expect(sessionFolder({ ...base, patientName: '../../etc/passwd' })).toBe('sessions/2026-01-01 etcpasswd (s0001)');
    expect(sessionFolder({ ...base, patientName: 'Zoë O\'Brien\u0000\n' })).toBe("sessions/2026-01-01 Zoë O'Brien (s0001)");
    expect(sessionFolder({ ...base, patientName: '///' })).toBe('sessions/2026-01-01 Unnamed (s0001)');
  });

  it('fails instead of hanging when an audio read breaks half-way', async () => {
    const broken: ExportedSession = {
      ...session(1, null),
      audio: { extension: 'webm', sizeBytes: 10, open: () => new Readable({ read() { this.destroy(new Error('storage read failed')); } }) },
    };
    await expect(writeExportArchive(sessions(1, () => broken), collect().sink)).rejects.toThrow('storage read failed');
  });
});
