import { SIMULATED_NOTICE } from './sample-consultation.ts';
import type { TranscriptLine } from './prompt.ts';

/**
 * A transcript as the sentences a note is made of. Transcripts come in two shapes (docs/magic-fill.md, "Simulated
 * output"): a dialogue (speaker turns: `clinician`, `patient`, or whatever label a pasted transcript used,
 * "doctor", "dr lee") and pasted notes (POST /creation makes a segment of each paragraph with speaker `note`,
 * or of each "Label: text" line with the label as its speaker, so "Subjective: ..." arrives as speaker
 * `subjective` and "BP: 120/80" as speaker `bp`). Both become the same thing here: sentences, each with
 * the heading it stands under, who said it and the question it answers, so one set of rules routes both.
 */

/** A heading's topic: where what stands under it belongs (note-routing.ts reads the names). */
export type HeadingTopic = string;

export interface NoteSentence {
  segmentId: string;
  /** Position in the whole transcript: sections keep transcript order. */
  order: number;
  /** What the note writes: the sentence as said or typed, a field's label before it ("Chest: clear."). */
  text: string;
  /** The sentence verbatim from the segment's text, for the evidence. */
  quote: string;
  /** Said in a dialogue (quoted, attributed) or typed as a note (written as it stands). */
  voice: 'clinician' | 'patient' | 'other' | 'note';
  /** The speaker's label as the transcript has it ("mother"), for "Mother says". */
  speaker: string;
  /** Topics of the heading the sentence stands under ("Objective:", "PLAN"), if any. */
  heading: readonly HeadingTopic[];
  /**
   * The heading is only carried over from a label earlier on ("Diagnosis: pneumonia." two paragraphs up),
   * not a heading of its own or of the part it stands in: a weaker cue.
   */
  carried: boolean;
  /** The clinician's question this sentence answers ("Any allergies?" before "Only penicillin."). */
  question: string;
  /** The previous sentence of the same segment, if any (a thought continues until its words change). */
  previous: NoteSentence | null;
}

// --- Who is speaking ------------------------------------------------------------------------------------

const CLINICIAN = /^(clinician|doctor|doc|dr\b.*|physician|gp|consultant|registrar|resident|attending|surgeon|nurse.*|np|pa|provider|therapist|counsell?or|psychologist|psychiatrist|midwife|paramedic|pharmacist|physio.*|interviewer)$/;
const PATIENT = /^(patient|pt|client|service user|mr\b.*|mrs\b.*|ms\b.*|miss\b.*)$/;
// Other people in the room speak, too; anything else before a colon is a heading or a field's label.
const OTHER_PERSON = /^(speaker(\s*\d+)?|spk.?\d+|mother|mom|mum|father|dad|parent|wife|husband|partner|son|daughter|sister|brother|carer|caregiver|guardian|interpreter|relative|friend|family member|grandmother|grandfather|aunt|uncle|guest|student)$/;

/**
 * Headings a pasted note uses, by the topics what follows them is about (names from note-routing.ts's
 * kinds). Matched against the whole heading, lower-cased, without markup or the colon.
 */
const HEADINGS: readonly [RegExp, HeadingTopic[]][] = [
  [/^(s|subjective|history|hx|hpi|history of (the )?present(ing)? (illness|complaint)|interval history|presentation|behaviou?r|data)$/, ['history']],
  [/^(cc|c\/o|chief complaint|presenting (complaint|problem)|reason for (the )?(visit|consultation|encounter|attendance|admission))$/, ['complaint']],
  [/^(ros|review of systems|systems review|systemic enquiry)$/, ['ros']],
  [/^(pmh|pmhx|psh|past (medical|surgical)( history)?|past history|(medical|surgical) history|problem list)$/, ['pmh']],
  [/^((current |home |regular )?(medications?|meds|medicines)|drug history|dh)$/, ['medications']],
  [/^((drug |known )?allerg(y|ies)|nkda)$/, ['allergies']],
  [/^(fh|fhx|family( history)?)$/, ['family']],
  [/^(sh|shx|social( history)?|lifestyle)$/, ['social']],
  [/^(o|objective|exam|examination|physical exam(ination)?|pe|o\/e|on examination|vitals( reviewed)?|vital signs|observations|findings|mental state( examination)?|mse)$/, ['exam']],
  [/^(results?( reviewed)?|labs?|laboratory( results)?|investigations|imaging|data reviewed)$/, ['results']],
  [/^(a|assessment|impression|clinical impression|diagnos[ie]s|differential( diagnosis)?|medical reasoning|formulation)$/, ['assessment']],
  [/^(a\/?p|a ?& ?p|assessment (and|&) plan|impression (and|&) plan)$/, ['assessment', 'plan']],
  [/^(p|plan|treatment( plan)?|management|recommendations?|medical treatment|additional testing|patient education( and counsel(l)?ing)?|orders|disposition|(patient )?instructions|homework)$/, ['plan']],
  [/^(follow.?up|next appointment)$/, ['followup']],
  [/^(return precautions|safety.?netting|red flags|when to (seek|get) help)$/, ['safety']],
  [/^(interventions?)$/, ['intervention']],
  [/^(response)$/, ['response']],
];

/** Topics of a note's fields rather than its parts ("Medications: ...", "Allergies: ..."). */
const FIELD_TOPICS = new Set<HeadingTopic>(['ros', 'pmh', 'medications', 'allergies', 'family', 'social', 'results', 'followup', 'safety']);

const normaliseHeading = (text: string) =>
  text
    .replace(/^[#*_\s]+|[*_\s]+$/g, '')
    .replace(/[:.]+$/, '')
    .replace(/[*_]+/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');

export function headingTopics(text: string): HeadingTopic[] | null {
  const heading = normaliseHeading(text);
  if (!heading || heading.length > 50) return null;
  return HEADINGS.find(([pattern]) => pattern.test(heading))?.[1] ?? null;
}

/** A line that is only a heading: "PLAN", "Plan:", "## Plan", "**Plan**". Unknown all-capital ones count, with no topic. */
function standaloneHeading(text: string): HeadingTopic[] | null {
  const topics = headingTopics(text);
  if (topics && /^[#*_\s]*[\p{L}][\p{L}\s/&()'-]*[*_\s]*:?[*_\s]*$/u.test(text)) return topics;
  const bare = text.replace(/[#*_:]/g, '').trim();
  if (/^[A-Z][A-Z /&()'-]{2,40}$/.test(bare) && bare.split(/\s+/).length <= 6) return [];
  return null;
}

type Voice = NoteSentence['voice'];

interface Speaking {
  voice: Voice;
  /** A heading a label stood for ("subjective"), or a field's label to keep ("bp" → "BP"). */
  heading: HeadingTopic[] | null;
  field: string | null;
}

function speaking(speaker: string): Speaking {
  const label = speaker.trim().toLowerCase();
  if (CLINICIAN.test(label)) return { voice: 'clinician', heading: null, field: null };
  if (PATIENT.test(label)) return { voice: 'patient', heading: null, field: null };
  if (OTHER_PERSON.test(label)) return { voice: 'other', heading: null, field: null };
  if (label === 'note' || label === '') return { voice: 'note', heading: null, field: null };
  const topics = headingTopics(label);
  if (!topics) return { voice: 'note', heading: null, field: fieldLabel(label) };
  // "Allergies: none known." keeps its label: "None known." alone says nothing once it is in a Subjective.
  return { voice: 'note', heading: topics, field: topics.every((t) => FIELD_TOPICS.has(t)) ? fieldLabel(label) : null };
}

// A field's label as clinicians write it: abbreviations in capitals ("BP", "HR"), words capitalised.
const ABBREVIATIONS: Record<string, string> = { spo2: 'SpO2', sao2: 'SaO2', bmi: 'BMI', ecg: 'ECG', ekg: 'EKG', cvs: 'CVS', cns: 'CNS', ent: 'ENT', heent: 'HEENT', gi: 'GI', gu: 'GU', msk: 'MSK' };
function fieldLabel(label: string): string {
  if (ABBREVIATIONS[label]) return ABBREVIATIONS[label];
  if (/^[a-z]{1,3}$/.test(label)) return label.toUpperCase();
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
}

// --- Splitting text into sentences -----------------------------------------------------------------------

// Words after which a full stop does not end a sentence ("Dr. Lee", "500 mg p.o. daily", "e.g. rest").
const ABBREVIATION_BEFORE_STOP = /\b(?:dr|mr|mrs|ms|st|vs|approx|e\.g|i\.e|etc|fig|pt|hx|dx|rx|tx|b\.i\.d|t\.i\.d|q\.i\.d|q\.d|p\.o|p\.r\.n|i\.v|i\.m|s\.c)\.$/i;

/** Sentences of one piece of text: after . ! ? and a space, unless an abbreviation ends there. */
function sentencesOf(text: string): string[] {
  const out: string[] = [];
  let current = '';
  const parts = text.split(/(?<=[.!?])\s+/);
  for (const part of parts) {
    current = current ? `${current} ${part}` : part;
    if (!ABBREVIATION_BEFORE_STOP.test(current)) {
      out.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) out.push(current.trim());
  return out.filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/**
 * The items of typed text: a list's items ("- a - b", "1. a 2. b" once the paste's line breaks are gone)
 * and then each item's sentences. A dash inside prose ("cough - worse at night") is not a list: only text
 * that starts as a list is read as one.
 */
function noteItems(text: string): string[] {
  let items = [text];
  if (/^\s*[-•*▪–]\s+/.test(text)) items = text.split(/(?:^|\s)[-•*▪–]\s+/);
  else if (/^\s*\d{1,2}[.)]\s+/.test(text)) items = text.split(/(?:^|\s)\d{1,2}[.)]\s+(?=\S)/);
  else if (/\s•\s/.test(text)) items = text.split(/(?:^|\s)•\s+/);
  return items.map((x) => x.trim()).filter(Boolean).flatMap(sentencesOf);
}

// Sentences a note never quotes from a dialogue: greetings, thanks, seating, fillers, "let me examine you".
const PLEASANTRIES = [
  /^(good (morning|afternoon|evening)|hello|hi|hey|welcome( back)?|how are you|how are things)\b[^.!?]*[.!?]?$/i,
  /^(please )?(come in|have a seat|take a seat|sit down)\b[^.!?]*[.!?]?$/i,
  /^(ok(ay)?|right|alright|all right|great|good|fine|sure|perfect|excellent)[,.!]?\s*((thank you|thanks)[^.!?]*)?[.!]?$/i,
  /^(thank you|thanks)\b[^.!?]{0,30}[.!]?$/i,
  /^(that sounds good|understood|yes|yeah|yep|no|nope|of course|mm-?hmm|uh-?huh|um+|uh+|hmm+)[,.! ]*(doctor|thank you|thanks)?[.!]?$/i,
  /^let (me|us|'s) (examine|start|begin|have a look|take a look|listen)\b[^.!?]*[.!?]?$/i,
  // A question transcribed without its question mark is still a question.
  /^(?:(?:so|okay|ok|alright|all right|well|um|uh|and|now)\s*,?\s*)*(?:tell me|can you tell me|could you tell me) (?:what|about|how|more|a (?:little )?bit|when|where|why)\b[^.!?]*[.!?]?$/i,
  // Lead-ins that only say what comes next ("so, let's talk a little bit about your depression.").
  /^(?:(?:so|okay|ok|alright|all right|well|um|uh|and|now)\s*,?\s*)*(?:let's|let us|let me|i want to|i wan na|i'd like to) (?:just |go ahead and )?(?:talk|look|go over|review|discuss|chat|take a look|have a look|check in|move on|start|switch gears|turn|do a (?:quick )?(?:physical )?exam)\b[^.!?]*[.!?]?$/i,
  /^(?:(?:it's|it is|it was|so|well)\s*,?\s*)*(?:good|nice|great|lovely) (?:to see|seeing|to meet|meeting) you\b[^.!?]*[.!?]?$/i,
  // What the clinician does or asks for during the examination, and the small talk around the plan.
  /^(?:(?:so|okay|ok|alright|all right|well|um|uh|and|now|next|first)\s*,?\s*)*(?:i(?:'ll| will)|let me|let's|i'm going to|i am going to) (?:start by |just |now |first )?(?:listen|listening|examin\w*|look|looking|feel|feeling|check|checking|press|pressing) (?:to|at|on|your|you|in|over|inside)\b[^.!?]*[.!?]?$/i,
  /^(?:(?:so|okay|ok|alright|all right|well|um|uh|and|now|next|first)\s*,?\s*)*(?:i(?:'d| would) like you to|can you|could you|please) (?:lay|lie|sit|stand|take a (?:deep )?breath|breathe|follow my|squeeze|push|pull|open|look|hop)\b[^.!?]*[.!?]?$/i,
  /^(?:(?:so|okay|ok|alright|all right|well|um|uh|and|yeah|yes)\s*,?\s*)*(?:that |it )?(?:sounds|seems) (?:like a plan|good|great|fine|reasonable|okay)\b[^.!?]*[.!?]?$/i,
  /^(?:(?:so|okay|ok|alright|all right|well|um|uh|and)\s*,?\s*)*(?:i think )?(?:we have (?:our|a) plan|(?:we'll|we will|i'll|i will|i'm|we're) (?:be )?(?:happy|glad) to help|i'm glad you came\b|let's see if we can help)\b[^.!?]*[.!?]?$/i,
  // A lead-in left over from a question ("And the blood pressure.").
  /^(and|so|now|well)\b(\s+\S+){0,4}[.!]?$/i,
];

export const isPleasantry = (sentence: string) => PLEASANTRIES.some((p) => p.test(sentence));

// Transcription without punctuation drops question marks: "okay and have you taken anything for the pain".
// Only openings a statement does not have: "what you describe sounds like a sprain" is not a question.
const UNMARKED_QUESTION =
  /^(?:(?:okay|ok|and|so|well|um|uh|alright|all right|right|now|yeah|mm-?hmm)\s*,?\s*)*(?:(?:do|does|did|are|is|was|were|have|has|had|can|could|would|will)\s+(?:you|your|it|there|the|that|this|he|she|they|anything|any)|(?:how|what|when|where|why|which|who)\s+(?:is|are|was|were|do|does|did|have|has|had|can|could|would|will|long|much|many|often|else|kind|sort|brings|happened))\b/i;

const isQuestion = (sentence: string) => sentence.endsWith('?') || UNMARKED_QUESTION.test(sentence);

/** What a line of a dialogue says that belongs in a note: not a question (its answer is), not a pleasantry. */
export function isNoteworthySpeech(sentence: string): boolean {
  return !isQuestion(sentence) && !isPleasantry(sentence);
}

const isQuestionOnly = (sentences: string[]) => sentences.length > 0 && sentences.some(isQuestion) && sentences.every((x) => isQuestion(x) || isPleasantry(x));

// "Plan: rest and fluids." inside a line: a heading in the text, for what follows it in that segment.
const INLINE_HEADING = /^([\p{L}][\p{L} /&'-]{0,40}):\s+(.*)$/u;

/**
 * The transcript's sentences, in order. A heading (a label that names one, a line that is only one, or
 * "Plan:" opening a sentence) holds for the typed text after it until the next heading or the next turn of
 * a dialogue; within a line of speech, to the end of the line.
 */
export function transcriptSentences(lines: readonly TranscriptLine[]): NoteSentence[] {
  const out: NoteSentence[] = [];
  let noteHeading: HeadingTopic[] = [];
  // Whether noteHeading came from a line of its own ("PLAN"), or from a label with text after it.
  let headingIsPart = false;
  let lastQuestion = '';
  let lastQuestionSpeaker = '';
  for (const line of lines) {
    const who = speaking(line.speaker);
    const raw = line.text.replace(SIMULATED_NOTICE, '').replace(/\s+/g, ' ').trim();
    if (who.voice !== 'note') noteHeading = [];
    // "Allergies: none known." is a field of the part it stands in, not a new part: what follows it is
    // still under "Subjective". A label naming a part ("Plan: ...") starts that part, but its text may
    // have been the whole of it ("Diagnosis: pneumonia."): what follows is held to it less firmly.
    let segmentHeading = noteHeading;
    let carried = noteHeading.length > 0 && !headingIsPart;
    if (who.heading) {
      segmentHeading = who.heading;
      carried = false;
      if (!who.heading.every((t) => FIELD_TOPICS.has(t))) {
        noteHeading = who.heading;
        headingIsPart = false;
      }
    }
    if (who.voice === 'note' && !who.heading && !who.field) {
      const alone = standaloneHeading(raw);
      if (alone) {
        noteHeading = alone;
        headingIsPart = true;
        continue;
      }
    }
    const speech = who.voice !== 'note';
    let text = raw;
    // "HISTORY OF PRESENT ILLNESS She reports..." once a paste's line break is gone: the heading, then the text.
    const leading = /^([A-Z][A-Z /&()'-]{2,50}[A-Z])\s+(?=[A-Z][a-z]|\d|[-•*])/.exec(text);
    if (!speech && leading && headingTopics(leading[1]!)) {
      noteHeading = headingTopics(leading[1]!)!;
      headingIsPart = true;
      segmentHeading = noteHeading;
      carried = false;
      text = text.slice(leading[0].length);
    }
    const sentences = speech ? sentencesOf(text) : noteItems(text);
    let answers = speech && lastQuestion && lastQuestionSpeaker !== line.speaker ? lastQuestion : '';
    let heading = segmentHeading;
    let previous: NoteSentence | null = null;
    // A turn pasted on one line with the next ("Doctor: Any medicines? Patient: Ibuprofen when needed."):
    // from its label on, the sentence is the other speaker's, answering the question before it.
    let voice = who.voice;
    let speaker = line.speaker;
    let questionHere = '';
    sentences.forEach((sentence, i) => {
      let written = sentence;
      let inline = INLINE_HEADING.exec(sentence);
      const turn = speech && inline ? speaking(inline[1]!) : null;
      if (inline && turn && turn.voice !== 'note') {
        if (questionHere) answers = questionHere;
        voice = turn.voice;
        speaker = inline[1]!.trim().toLowerCase();
        sentence = inline[2]!;
        written = sentence;
        inline = INLINE_HEADING.exec(sentence);
      }
      if (speech && isQuestion(sentence)) questionHere = sentence;
      const topics = inline ? headingTopics(inline[1]!) : null;
      // To the end of its segment: a paragraph's "Plan: rest." says nothing of the paragraphs after it.
      if (inline && topics) {
        heading = topics;
        carried = false;
        // Typed text drops the heading it stands under; a quote stays verbatim.
        if (!speech) written = `${inline[2]!.charAt(0).toUpperCase()}${inline[2]!.slice(1)}`;
      }
      // "Homework: practise daily." reads "Practise daily." once its heading is taken off.
      if (!speech && i === 0 && who.heading && !who.field) written = `${written.charAt(0).toUpperCase()}${written.slice(1)}`;
      if (speech && !isNoteworthySpeech(sentence)) return;
      if (!/[\p{L}\p{N}]/u.test(written)) return;
      const sentenceOut: NoteSentence = {
        segmentId: line.id,
        order: out.length,
        text: i === 0 && who.field ? `${who.field}: ${written}` : written,
        quote: written,
        voice,
        speaker,
        heading,
        carried,
        question: answers,
        previous,
      };
      out.push(sentenceOut);
      previous = sentenceOut;
    });
    if (speech) {
      if (isQuestionOnly(sentences)) {
        lastQuestion = sentences.filter(isQuestion).join(' ');
        lastQuestionSpeaker = line.speaker;
      } else if (sentences.some((s) => isNoteworthySpeech(s))) {
        lastQuestion = '';
      }
    }
  }
  return out;
}
