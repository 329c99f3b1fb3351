// Where text came from (issue 23): one vocabulary for the engine's quality (real, demo, simulated) and for who
// wrote it (an AI model, the AI emulator, the clinician), said in the same words by every surface that shows
// a transcript, a note or chat answers: the session page's banners, the sessions list's chip, History, copy,
// print and the data export. Surfaces compose nothing of their own: they ask this module for the words.
// (No imports: the AI emulator reads this file directly, for the notice its sample transcript carries.)

// --- What made it: the engine names ------------------------------------------------------------------------

/**
 * Engines are named "<maker>/<model>" ("google-speech/medical_conversation", "ai-emulator/latest_long";
 * documentation adds " · <prompt version>"; a note written by a model through a plain client is
 * "gemini-2.5-flash · note-v1"). The maker says how far a clinician may trust the output:
 * - simulated: the local AI emulator. Its speech answer is a registered or bundled sample transcript, not
 *   recognition of the audio; its notes and answers are stitched from quotes by rules, not written by a model.
 *   A note written from a simulated transcript is simulated too, whoever wrote it (it is about another consultation).
 * - demo: a real offline recogniser of poor accuracy (pocketsphinx with its small en-US model): made from
 *   the recording, but to be checked word by word; a model's note from such a transcript is demo quality too.
 * - real: a model (Speech-to-Text, whisper, Gemini, an OpenAI-compatible server) or the clinician's own text.
 */
export type EngineQuality = 'simulated' | 'demo' | 'real';

export const SIMULATED_ENGINE_MAKERS: readonly string[] = ['ai-emulator'];
export const DEMO_QUALITY_ENGINE_MAKERS: readonly string[] = ['pocketsphinx'];
/** The transcript engine of a session made from notes the clinician typed or pasted (/creation). */
export const TYPED_TEXT_ENGINE = 'typed-text';

const makerOf = (engine: string | null | undefined) => (engine ?? '').split('/')[0]!.trim().toLowerCase();

export function engineQuality(engine: string | null | undefined): EngineQuality {
  const maker = makerOf(engine);
  if (SIMULATED_ENGINE_MAKERS.includes(maker)) return 'simulated';
  if (DEMO_QUALITY_ENGINE_MAKERS.includes(maker)) return 'demo';
  return 'real';
}

export const isSimulatedEngine = (engine: string | null | undefined): boolean => engineQuality(engine) === 'simulated';

/** Who wrote a text: a model (speech or language), the local AI emulator's rules, or the clinician. */
export type TextAuthor = 'model' | 'emulator' | 'clinician';

export function engineAuthor(engine: string | null | undefined): TextAuthor {
  if (makerOf(engine) === TYPED_TEXT_ENGINE) return 'clinician';
  return isSimulatedEngine(engine) ? 'emulator' : 'model';
}

/**
 * A note is simulated when the AI emulator wrote it, or when it was written from a simulated transcript
 * (then even a real model wrote about another consultation). Both are for trying the app, never a record.
 */
export function isSimulatedDocumentation(documentationEngine: string | null | undefined, transcriptEngine: string | null | undefined): boolean {
  return isSimulatedEngine(documentationEngine) || isSimulatedEngine(transcriptEngine);
}

// --- Where one text came from ------------------------------------------------------------------------------

/** What the text is: the transcript, the note, or the chat's answers (which are labelled as the note is). */
export type OutputKind = 'transcript' | 'note' | 'answers';

/** What it was made from: this session's recording, the clinician's typed notes, or a sample consultation. */
export type OutputSource = 'recording' | 'typed_notes' | 'sample';

export interface Provenance {
  kind: OutputKind;
  quality: EngineQuality;
  author: TextAuthor;
  source: OutputSource;
  /** The quality of the transcript it was made from (a transcript's own). */
  transcriptQuality: EngineQuality;
}

function sourceOfTranscript(transcriptEngine: string | null | undefined): OutputSource {
  const author = engineAuthor(transcriptEngine);
  return author === 'clinician' ? 'typed_notes' : author === 'emulator' ? 'sample' : 'recording';
}

export function transcriptProvenance(transcriptEngine: string | null | undefined): Provenance {
  const quality = engineQuality(transcriptEngine);
  return { kind: 'transcript', quality, author: engineAuthor(transcriptEngine), source: sourceOfTranscript(transcriptEngine), transcriptQuality: quality };
}

/**
 * The note's (or the chat answers') provenance: written by its engine's author from the transcript. Simulated
 * when either is; else demo quality when the transcript is.
 */
export function noteProvenance(documentationEngine: string | null | undefined, transcriptEngine: string | null | undefined, kind: 'note' | 'answers' = 'note'): Provenance {
  const quality: EngineQuality = isSimulatedDocumentation(documentationEngine, transcriptEngine) ? 'simulated' : engineQuality(transcriptEngine);
  const author = engineAuthor(documentationEngine);
  return { kind, quality, author: author === 'clinician' ? 'model' : author, source: sourceOfTranscript(transcriptEngine), transcriptQuality: engineQuality(transcriptEngine) };
}

/**
 * What a session's list row warns about (from the engines it keeps, Session.transcriptEngine and
 * documentationEngine): its least trustworthy part, or null when both are real. A simulated transcript makes
 * everything simulated; a simulated note over a real or demo transcript is the note's; else a demo transcript.
 */
export function sessionProvenance(session: { transcriptEngine?: string | undefined; documentationEngine?: string | undefined }): Provenance | null {
  const transcript = transcriptProvenance(session.transcriptEngine);
  if (transcript.quality === 'simulated') return transcript;
  if (session.documentationEngine !== undefined) {
    const note = noteProvenance(session.documentationEngine, session.transcriptEngine);
    if (note.quality !== 'real') return note;
  }
  return transcript.quality === 'real' ? null : transcript;
}

// --- The words ---------------------------------------------------------------------------------------------

export const OUTPUT_KIND_LABELS: Readonly<Record<OutputKind, string>> = { transcript: 'transcript', note: 'note', answers: 'answers' };
/** The word every warning starts with; real output carries none. */
export const ENGINE_QUALITY_LABELS: Readonly<Record<EngineQuality, string>> = { simulated: 'Simulated', demo: 'Demo-quality', real: 'Real' };
/** Who wrote it, in a sentence ("written by an AI model"). */
export const TEXT_AUTHOR_LABELS: Readonly<Record<TextAuthor, string>> = { model: 'an AI model', emulator: 'the AI emulator', clinician: 'you' };
/** What to do with it, by quality. */
export const ENGINE_QUALITY_ADVICE: Readonly<Record<EngineQuality, string>> = {
  simulated: 'Do not use it in a patient record.',
  demo: 'Check every word against the recording before you use it.',
  real: 'Check it before you use it.',
};

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The short form, for the sessions list's chip: "Simulated note", "Demo-quality transcript"; null for real
 * output. Every warning's title (provenanceLabel) starts with it.
 */
export function provenanceChipLabel(p: Provenance): string | null {
  return p.quality === 'real' ? null : `${ENGINE_QUALITY_LABELS[p.quality]} ${OUTPUT_KIND_LABELS[p.kind]}`;
}

/** How it was made, after the colon of its label. */
function madeHow(p: Provenance): string {
  const by = TEXT_AUTHOR_LABELS[p.author];
  if (p.kind === 'transcript') {
    if (p.source === 'sample') return 'a sample consultation, not this recording';
    if (p.source === 'typed_notes') return 'your typed notes';
    return p.quality === 'demo' ? 'made from this recording by an offline recogniser of low accuracy' : `made from this recording by ${by}`;
  }
  const verb = p.kind === 'answers' ? 'answered' : 'written';
  if (p.source === 'sample') return `${verb} by ${by} from a sample consultation, not this recording`;
  const from = p.source === 'typed_notes' ? 'your typed notes' : p.transcriptQuality === 'demo' ? 'this recording’s demo-quality transcript' : 'this recording’s transcript';
  if (p.author === 'emulator') return `put together by ${by} from ${from} by fixed rules, not ${verb} by an AI model`;
  return `${verb} by ${by} from ${from}`;
}

/**
 * The one line that says where a text came from: the banner's title over it, the first line of a copy or an
 * export, and the chip's words in full. "Simulated note: put together by the AI emulator from this
 * recording's transcript by fixed rules, not written by an AI model"; "Transcript: made from this recording
 * by an AI model".
 */
export function provenanceLabel(p: Provenance): string {
  return `${provenanceChipLabel(p) ?? capitalized(OUTPUT_KIND_LABELS[p.kind])}: ${madeHow(p)}`;
}

/** Why, in a sentence or two, under the label on the session page. */
export function provenanceDetail(p: Provenance): string {
  const why =
    p.source === 'sample'
      ? 'The local AI emulator does not recognise speech: its transcript is a bundled sample consultation.'
      : p.author === 'emulator'
        ? 'The local AI emulator stands in for the AI model so Charta can be tried without one; it matches and copies words by fixed rules.'
        : p.quality === 'demo'
          ? 'An offline recogniser of low accuracy (English only) made the transcript: words may have been misheard.'
          : '';
  return `${why} ${ENGINE_QUALITY_ADVICE[p.quality]}`.trim();
}

/**
 * The first line of what leaves the app (a copy, a print, an exported file), so a pasted or printed text
 * still says what it is: "[Simulated note: …. Do not use it in a patient record.]". Null for real output.
 */
export function provenanceHeader(p: Provenance): string | null {
  return p.quality === 'real' ? null : `[${provenanceLabel(p)}. ${ENGINE_QUALITY_ADVICE[p.quality]}]`;
}

/**
 * The speaker of the line the AI emulator puts first in a transcript it made up for audio it does not
 * know: the marking travels with the transcript itself (into prompts, copies and exports), not only in the
 * engine name.
 */
export const SIMULATED_TRANSCRIPT_NOTICE = `${provenanceLabel(transcriptProvenance(`${SIMULATED_ENGINE_MAKERS[0]!}/sample`))}. The local AI emulator does not recognise speech; this is its bundled sample consultation.`;
