import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { noteProvenance, provenanceHeader, provenanceLabel, transcriptProvenance, type ChatMessage, type DocumentationSection, type Session, type Transcript } from '@charta/contract';

/**
 * The archive "Download my data" produces (docs/privacy.md "Export and print"), apart from Firestore and Storage: it
 * takes the account's sessions one at a time and writes a ZIP to a stream. Memory stays bounded whatever the
 * account's size: a session's entries are handed to the ZIP writer lazily and the next session is only read
 * once the last of them was consumed, and the output stream's back-pressure (a slow upload) holds the audio
 * streams back. Nothing is collected across sessions.
 */

/** Why a part of a session is not in the archive, said in the archive itself. */
export type MissingPart = { kind: 'never_made'; why: string } | { kind: 'not_kept'; why: string };

export interface ExportAudio {
  /** The file's extension in the archive ("webm", "wav"...). */
  extension: string;
  sizeBytes: number;
  open: () => Readable;
}

/** A note as exported: its sections' text (the app's evidence and checks are recomputed views, not data). */
export interface ExportNote {
  updatedAt: string;
  /** What wrote it (Documentation.engine): the archive says where it came from, as the app does. */
  engine: string;
  sections: readonly Pick<DocumentationSection, 'id' | 'title' | 'content'>[];
}

/** One session and its parts, as the source found them (a missing part says why). */
export interface ExportedSession {
  session: Pick<Session, 'id' | 'patientName' | 'title' | 'templateId' | 'language' | 'status' | 'createdAt' | 'updatedAt' | 'audioDurationSec' | 'transcriptEngine'>;
  templateName: string;
  transcript: Transcript | MissingPart;
  note: ExportNote | MissingPart;
  audio: ExportAudio | MissingPart;
  /** The session's chat as kept (questions and answers, oldest first); none when nothing was asked. */
  chat?: readonly ChatMessage[];
}

const isMissing = (part: object): part is MissingPart => 'kind' in part && (part.kind === 'never_made' || part.kind === 'not_kept');

const README = `Charta: your data
=================

Each folder under sessions/ is one session (its date, the patient's name and the session's id):
- session.txt      what the session is, and which of its parts are included; a part that is not says why
                   (for example audio deleted under your retention settings)
- transcript.txt   the transcript, one line per speaker turn with its time
- note.txt         the note, section by section
- chat.txt         the questions asked about the session and their answers, when there were any
- audio.*          the recording, as it was uploaded
- session.json     all of the above except the audio, for other programs

clinic.json (when you are in a clinic): the clinic's id and name, your role and when you joined.

This archive holds patient information: keep it as safely as your clinical records.
`;

/** A folder name that every unzip tool takes: the date, the name without path or control characters, the id. */
export function sessionFolder(session: ExportedSession['session']): string {
  const date = session.createdAt.slice(0, 10);
  const name = session.patientName.normalize('NFKC').replace(/[^\p{L}\p{N} .'-]/gu, '').replace(/\s+/g, ' ').trim().slice(0, 60).replace(/^\.+/, '');
  return `sessions/${date} ${name || 'Unnamed'} (${session.id})`;
}

const clock = (ms: number) => {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const mm = String(Math.floor((total % 3600) / 60)).padStart(2, '0');
  const ss = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
};

/** A text's first line when it is not real output (the contract's provenanceHeader, as a copy in the app starts). */
const headed = (header: string | null, text: string) => (header ? `${header}\n\n${text}` : text);

export function transcriptText(transcript: Transcript): string {
  const text = transcript.segments.length === 0 ? `${transcript.text}\n` : transcript.segments.map((s) => `[${clock(s.startMs)}] ${s.speaker}: ${s.text}`).join('\n') + '\n';
  return headed(provenanceHeader(transcriptProvenance(transcript.engine)), text);
}

/** The transcript's engine: the transcript's own, or the session's copy of it once retention deleted the transcript. */
const transcriptEngineOf = (exported: Pick<ExportedSession, 'session' | 'transcript'>) => (isMissing(exported.transcript) ? exported.session.transcriptEngine : exported.transcript.engine);

export function noteText(exported: Pick<ExportedSession, 'session' | 'templateName' | 'transcript'>, note: ExportNote): string {
  const head = headed(provenanceHeader(noteProvenance(note.engine, transcriptEngineOf(exported))), `${exported.session.patientName}\n${exported.session.createdAt.slice(0, 10)} · ${exported.templateName}\n`);
  return [head, ...note.sections.map((s) => `${s.title}\n${'-'.repeat(Math.max(3, s.title.length))}\n${s.content.trim()}\n`)].join('\n');
}

function describePart(label: string, part: object, included: string): string {
  return `${label}: ${isMissing(part) ? part.why : included}`;
}

export function chatText(chat: readonly ChatMessage[]): string {
  return chat.map((m) => `[${m.createdAt}] ${m.role === 'user' ? 'You' : 'Charta'}: ${m.content.trim()}\n`).join('\n');
}

export function sessionSummary(exported: ExportedSession): string {
  const { session } = exported;
  return [
    `Patient: ${session.patientName}`,
    `Title: ${session.title}`,
    `Date: ${session.createdAt}`,
    `Template: ${exported.templateName}`,
    `Language: ${session.language}`,
    `Status: ${session.status}`,
    describePart('Audio', exported.audio, isMissing(exported.audio) ? '' : `included (audio.${exported.audio.extension})`),
    describePart('Transcript', exported.transcript, isMissing(exported.transcript) ? '' : `included (transcript.txt). ${provenanceLabel(transcriptProvenance(exported.transcript.engine))}`),
    describePart('Note', exported.note, isMissing(exported.note) ? '' : `included (note.txt). ${provenanceLabel(noteProvenance(exported.note.engine, transcriptEngineOf(exported)))}`),
    `Chat: ${exported.chat?.length ? `${exported.chat.length} messages included (chat.txt)` : 'none'}`,
    '',
  ].join('\n');
}

function sessionJson(exported: ExportedSession): string {
  const part = <T extends object>(p: T | MissingPart) => (isMissing(p) ? { missing: p } : p);
  const audio = isMissing(exported.audio) ? { missing: exported.audio } : { file: `audio.${exported.audio.extension}`, sizeBytes: exported.audio.sizeBytes };
  const transcript = part(exported.transcript);
  const note = part(exported.note);
  return JSON.stringify({ session: exported.session, templateName: exported.templateName, audio, transcript, note, chat: exported.chat ?? [] }, null, 2);
}

export interface ArchiveProgress {
  sessionsDone: number;
}

/**
 * Writes the archive of `sessions` to `out` and resolves when `out` has all of it. `onSession` runs after
 * each session's entries were consumed (progress); its promise is awaited, so its writes pace the build.
 */
export async function writeExportArchive(
  sessions: AsyncIterable<ExportedSession>,
  out: Writable,
  onSession: (progress: ArchiveProgress) => Promise<void> = async () => {},
  /** Small files about the account at the archive's top (clinic.json), written before the sessions. */
  accountFiles: readonly { name: string; text: string }[] = [],
): Promise<void> {
  const zip = new ZipFile();
  const written = pipeline(zip.outputStream, out);
  // The ZIP writer reports a source's failure (an audio read that broke) as its own 'error'.
  const failed = new Promise<never>((_resolve, reject) => {
    zip.on('error', reject);
    // A destination that failed (the upload broke) stops the build too, instead of leaving it waiting.
    written.catch(reject);
  });
  failed.catch(() => {});

  /** Adds an entry whose bytes are read only when the writer reaches it; resolves once they were consumed. */
  const addLazily = (name: string, open: () => Readable, options: { compress: boolean; size?: number }) =>
    new Promise<void>((resolve, reject) => {
      zip.addReadStreamLazy(name, { mtime: new Date(0), ...options }, (cb) => {
        const stream = open();
        stream.once('end', () => resolve());
        stream.once('error', reject);
        cb(null, stream);
      });
    });
  const text = (value: string) => () => Readable.from([Buffer.from(value, 'utf8')]);

  const build = async () => {
    zip.addBuffer(Buffer.from(README, 'utf8'), 'README.txt', { mtime: new Date(0) });
    for (const file of accountFiles) zip.addBuffer(Buffer.from(file.text, 'utf8'), file.name, { mtime: new Date(0) });
    let sessionsDone = 0;
    for await (const exported of sessions) {
      const folder = sessionFolder(exported.session);
      const entries: Promise<void>[] = [addLazily(`${folder}/session.txt`, text(sessionSummary(exported)), { compress: true })];
      if (!isMissing(exported.transcript)) entries.push(addLazily(`${folder}/transcript.txt`, text(transcriptText(exported.transcript)), { compress: true }));
      if (!isMissing(exported.note)) entries.push(addLazily(`${folder}/note.txt`, text(noteText(exported, exported.note)), { compress: true }));
      if (exported.chat?.length) entries.push(addLazily(`${folder}/chat.txt`, text(chatText(exported.chat)), { compress: true }));
      entries.push(addLazily(`${folder}/session.json`, text(sessionJson(exported)), { compress: true }));
      const audio = exported.audio;
      // Audio is compressed already (Opus, AAC): storing it as is saves the CPU and costs nothing.
      if (!isMissing(audio)) entries.push(addLazily(`${folder}/audio.${audio.extension}`, audio.open, { compress: false, size: audio.sizeBytes }));
      // The next session is read only when this one's bytes have gone into the ZIP: one session in flight.
      await Promise.race([Promise.all(entries), failed]);
      sessionsDone++;
      await onSession({ sessionsDone });
    }
    zip.end();
  };
  await Promise.race([build(), failed]);
  await Promise.race([written, failed]);
}
