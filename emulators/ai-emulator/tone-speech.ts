/**
 * Tone speech: a synthetic language the AI emulator really recognises, so tests get transcripts made from
 * the audio itself (docs/pipeline.md, "The local AI emulator"). A recording cut into windows and transcribed window
 * by window must then give the same words as the whole file, which a transcript registered per file, or
 * the sample consultation, could never show.
 *
 * The encoding (change it only by appending to VOCABULARY: a code's meaning never moves):
 * - Every symbol is one burst of two pure tones sounding together, like a telephone's DTMF keys: one tone
 *   from a low group (24 frequencies, 400-1550 Hz, 50 Hz apart) and one from a high group (20 frequencies,
 *   1725-3625 Hz, 100 Hz apart), so 480 symbols. Symbol `c` is low tone `c / 20` and high tone `c % 20`.
 *   The high group sits off the low group's harmonics (multiples of 50 Hz), and everything lies inside
 *   the band every codec keeps (Opus at 32 kbit/s, MP3, telephone-rate resampling keep 300-3800 Hz).
 * - A burst lasts BURST_MS (140 ms) at TONE_AMPLITUDE per tone (each -12 dBFS), with raised-cosine ramps of
 *   RAMP_MS, so it has no click that would splash energy over the other candidates. 140 ms gives a
 *   frequency resolution far finer than the 50 Hz between candidates even when a codec blurs its edges.
 * - Words are WORD_GAP_MS (80 ms by default) of silence apart; utterances are at least MIN_UTTERANCE_GAP_MS
 *   (800 ms) apart, so a recording can always be cut in silence between them.
 * - Each utterance begins with a speaker marker (symbol 0: clinician, 1: patient); words before any marker
 *   (a window cut inside an utterance) belong to an unnamed speaker.
 * - Symbols 2-4 are punctuation (`.` `,` `?`), attached to the word before them.
 * - Numbers written with digits ("500", "37.2") are spelled: a header symbol saying how many symbols follow
 *   (1-8), then one symbol per digit or decimal point. A number is heard only when all its symbols are, so
 *   a window cut inside one never yields a different number.
 * - Every other symbol is a word of VOCABULARY, in its order.
 *
 * The generator is tests/support/tone-speech.ts; the recogniser is tone-speech-recogniser.ts beside this.
 */

export const SAMPLE_RATE = 16_000;
export const BURST_MS = 140;
export const RAMP_MS = 10;
export const TONE_AMPLITUDE = 0.25;
export const WORD_GAP_MS = 80;
/** Below this a codec's smear (MP3 at 16 kHz spreads a burst by up to ~36 ms) could join two bursts. */
export const MIN_WORD_GAP_MS = 60;
export const MIN_UTTERANCE_GAP_MS = 800;

export const LOW_TONES_HZ: readonly number[] = Array.from({ length: 24 }, (_, i) => 400 + 50 * i);
export const HIGH_TONES_HZ: readonly number[] = Array.from({ length: 20 }, (_, j) => 1725 + 100 * j);
export const SYMBOL_COUNT = LOW_TONES_HZ.length * HIGH_TONES_HZ.length;

export type ToneSpeaker = 'clinician' | 'patient';
export const SPEAKERS: readonly ToneSpeaker[] = ['clinician', 'patient'];
export const PUNCTUATION = ['.', ',', '?'] as const;
/** Longest number written with digits: "1000000" or "37.25" fit. */
export const MAX_NUMBER_SYMBOLS = 8;
const NUMBER_CHARS = '0123456789.';

const PUNCTUATION_BASE = SPEAKERS.length;
const NUMBER_HEADER_BASE = PUNCTUATION_BASE + PUNCTUATION.length;
const NUMBER_CHAR_BASE = NUMBER_HEADER_BASE + MAX_NUMBER_SYMBOLS;
const WORD_BASE = NUMBER_CHAR_BASE + NUMBER_CHARS.length;

/**
 * Real clinical and everyday English, enough for a consultation ("the patient reports a dry cough for
 * three days", "amoxicillin 500 milligrams three times daily", "denies chest pain"). Matched without
 * regard to case; recognised as spelled here. Append only.
 */
export const VOCABULARY: readonly string[] = [
  // the words that hold sentences together
  'a', 'an', 'the', 'and', 'or', 'but', 'of', 'to', 'in', 'on', 'at', 'for', 'with', 'without', 'from', 'by',
  'about', 'since', 'after', 'before', 'over', 'under', 'up', 'down', 'out', 'into', 'around', 'between',
  'is', 'are', 'was', 'were', 'be', 'been', 'being', 'am', 'have', 'has', 'had', 'do', 'does', 'did', 'not',
  'no', 'yes', 'any', 'some', 'all', 'more', 'less', 'most', 'very', 'little', 'much', 'also', 'just', 'now',
  'then', 'again', 'still', 'only', 'if', 'so', 'as', 'than', 'when', 'how', 'what', 'where', 'which', 'who',
  'why', 'that', 'this', 'these', 'those', 'it', 'I', 'you', 'he', 'she', 'we', 'they', 'me', 'my', 'your',
  'his', 'her', 'our', 'their', 'them', 'us', 'there', 'here', 'can', 'will', 'would', 'should', 'could',
  'may', 'might', "don't", "doesn't", "didn't", "I'm", "it's", "can't", "haven't", "isn't", "that's", "I've",
  // everyday verbs and talk
  'take', 'taking', 'took', 'get', 'getting', 'go', 'going', 'come', 'came', 'feel', 'feeling', 'felt', 'see',
  'tell', 'think', 'know', 'make', 'let', 'keep', 'stop', 'stopped', 'start', 'started', 'try', 'need', 'want',
  'use', 'look', 'listen', 'check', 'bring', 'brings', 'sit', 'seat', 'call', 'sleep', 'eat', 'walk', 'walking',
  'climbing', 'work', 'please', 'thank', 'thanks', 'okay', 'well', 'good', 'bad', 'fine', 'sure', 'hello',
  'morning', 'afternoon', 'evening', 'today', 'yesterday', 'tomorrow', 'night', 'nights', 'day', 'days',
  'week', 'weeks', 'month', 'months', 'year', 'years', 'hour', 'hours', 'minute', 'minutes', 'time', 'times',
  'daily', 'once', 'twice', 'every', 'per', 'last', 'next', 'ago', 'always', 'never', 'sometimes', 'often',
  // numbers as words
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve',
  'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen', 'twenty', 'thirty',
  'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety', 'hundred', 'thousand', 'half', 'point', 'first',
  'second', 'third',
  // people and the body
  'patient', 'doctor', 'nurse', 'family', 'mother', 'father', 'wife', 'husband', 'child', 'head', 'neck',
  'throat', 'chest', 'heart', 'lungs', 'stomach', 'abdomen', 'back', 'shoulder', 'arm', 'elbow', 'wrist',
  'hand', 'hip', 'leg', 'knee', 'ankle', 'foot', 'skin', 'eye', 'eyes', 'ear', 'ears', 'nose', 'left', 'right',
  'both', 'sides', 'side', 'lower', 'upper',
  // symptoms and findings
  'pain', 'ache', 'sore', 'cough', 'dry', 'wet', 'fever', 'chills', 'sweats', 'headache', 'breath',
  'shortness', 'breathless', 'breathing', 'wheezing', 'nausea', 'vomiting', 'diarrhea', 'dizziness', 'dizzy',
  'rash', 'itching', 'swelling', 'swollen', 'fatigue', 'tired', 'weakness', 'numbness', 'bleeding', 'runny',
  'appetite', 'weight', 'mild', 'moderate', 'severe', 'sharp', 'dull', 'constant', 'worse', 'better',
  'improving', 'same', 'new', 'red', 'tender', 'tenderness', 'clear', 'normal', 'abnormal', 'stable', 'acute',
  'chronic', 'symptoms', 'denies', 'reports', 'complains', 'hurts',
  // measurements
  'blood', 'pressure', 'rate', 'temperature', 'oxygen', 'saturation', 'pulse', 'degrees', 'percent', 'beats',
  'milligrams', 'micrograms', 'grams', 'milliliters', 'units', 'kilograms',
  // conditions, medicines and care
  'history', 'allergy', 'allergies', 'allergic', 'infection', 'viral', 'bacterial', 'cold', 'flu', 'asthma',
  'diabetes', 'hypertension', 'arthritis', 'injury', 'fracture', 'sprain', 'penicillin', 'amoxicillin',
  'ibuprofen', 'paracetamol', 'acetaminophen', 'metformin', 'lisinopril', 'atorvastatin', 'aspirin',
  'insulin', 'salbutamol', 'inhaler', 'medication', 'medications', 'medicine', 'tablet', 'tablets', 'dose',
  'prescription', 'prescribe', 'antibiotic', 'antibiotics', 'cream', 'examination', 'examine', 'exam', 'test',
  'tests', 'x-ray', 'scan', 'urine', 'results', 'diagnosis', 'plan', 'review', 'follow', 'return', 'refer',
  'referral', 'rest', 'fluids', 'ice', 'physiotherapy', 'exercise', 'smoke', 'smoking', 'alcohol', 'drink',
  'water', 'food', 'stairs', 'home', 'job', 'likely', 'possible',
];

export type ToneSymbol =
  | { kind: 'speaker'; speaker: ToneSpeaker }
  | { kind: 'punctuation'; mark: (typeof PUNCTUATION)[number] }
  | { kind: 'number-header'; length: number }
  | { kind: 'number-char'; char: string }
  | { kind: 'word'; word: string };

if (WORD_BASE + VOCABULARY.length > SYMBOL_COUNT) throw new Error(`tone speech: ${VOCABULARY.length} words do not fit in ${SYMBOL_COUNT - WORD_BASE} symbols`);
const WORD_CODES = new Map<string, number>();
VOCABULARY.forEach((word, i) => {
  if (WORD_CODES.has(word.toLowerCase())) throw new Error(`tone speech: "${word}" is in the vocabulary twice`);
  WORD_CODES.set(word.toLowerCase(), WORD_BASE + i);
});

/** What a symbol means, or null for a code nothing is assigned to (never generated). */
export function symbolOf(code: number): ToneSymbol | null {
  if (code < PUNCTUATION_BASE) return { kind: 'speaker', speaker: SPEAKERS[code]! };
  if (code < NUMBER_HEADER_BASE) return { kind: 'punctuation', mark: PUNCTUATION[code - PUNCTUATION_BASE]! };
  if (code < NUMBER_CHAR_BASE) return { kind: 'number-header', length: code - NUMBER_HEADER_BASE + 1 };
  if (code < WORD_BASE) return { kind: 'number-char', char: NUMBER_CHARS[code - NUMBER_CHAR_BASE]! };
  const word = VOCABULARY[code - WORD_BASE];
  return word === undefined ? null : { kind: 'word', word };
}

/** The two tones of a symbol. */
export function tonesOf(code: number): { lowHz: number; highHz: number } {
  return { lowHz: LOW_TONES_HZ[Math.floor(code / HIGH_TONES_HZ.length)]!, highHz: HIGH_TONES_HZ[code % HIGH_TONES_HZ.length]! };
}

export const speakerCode = (speaker: ToneSpeaker) => SPEAKERS.indexOf(speaker);

export class ToneSpeechError extends Error {}

/** One word as tone speech says it: its symbols, and how the recogniser writes it back. */
export interface ToneWord {
  /** As recognised: the vocabulary's spelling or the digits, with punctuation attached ("today?"). */
  text: string;
  /** The symbols that make it up; the word's time is that of its first burst to its last word burst. */
  codes: number[];
  /** How many of `codes` (from the start) are the word itself, not punctuation after it. */
  wordSymbols: number;
}

const NUMBER = /^\d+(?:\.\d+)?$/;

/**
 * Text to tone speech's words. Words are separated by spaces; `.`, `,` and `?` may end a word. Refuses
 * anything it cannot say, naming it, so a test never expects a transcript its audio cannot hold.
 */
export function encodeText(text: string): ToneWord[] {
  const words: ToneWord[] = [];
  for (const raw of text.split(/\s+/).filter(Boolean)) {
    const [, body = '', marks = ''] = /^(.*?)([.,?]*)$/.exec(raw) ?? [];
    if (!body) throw new ToneSpeechError(`tone speech cannot say "${raw}": punctuation must follow a word`);
    let codes: number[];
    let spelled: string;
    if (NUMBER.test(body)) {
      if (body.length > MAX_NUMBER_SYMBOLS) throw new ToneSpeechError(`tone speech cannot say "${body}": numbers have at most ${MAX_NUMBER_SYMBOLS} digits and points`);
      codes = [NUMBER_HEADER_BASE + body.length - 1, ...[...body].map((c) => NUMBER_CHAR_BASE + NUMBER_CHARS.indexOf(c))];
      spelled = body;
    } else {
      const code = WORD_CODES.get(body.toLowerCase());
      if (code === undefined) throw new ToneSpeechError(`tone speech has no word "${body}" (its vocabulary is VOCABULARY in emulators/ai-emulator/tone-speech.ts)`);
      codes = [code];
      spelled = VOCABULARY[code - WORD_BASE]!;
    }
    const wordSymbols = codes.length;
    for (const mark of marks) codes.push(PUNCTUATION_BASE + PUNCTUATION.indexOf(mark as (typeof PUNCTUATION)[number]));
    words.push({ text: spelled + marks, codes, wordSymbols });
  }
  return words;
}
