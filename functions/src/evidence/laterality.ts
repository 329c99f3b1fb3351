/**
 * Sides of the body: "left knee", "right lower extremity", "bilateral bases", "both legs", "the pain is on
 * the right", "crackles bilaterally", each with the body part it qualifies, as the note and the speech say them.
 */
import type { Token } from './text.js';

export type Side = 'left' | 'right' | 'bilateral';

export interface SideMention {
  side: Side;
  /** The body part it qualifies, canonical ("knee", "leg"), or null when the words do not say. */
  bodyPart: string | null;
  /** Token indexes of the side word(s) and of the body part. */
  sideFrom: number;
  sideTo: number;
  partIndex: number | null;
}

/** Body parts (and the words for regions a side qualifies), plural or singular, with their canonical form. */
const BODY_PARTS: Readonly<Record<string, string>> = Object.fromEntries(
  (
    [
      ['knee', 'knees'], ['hip', 'hips'], ['shoulder', 'shoulders'], ['elbow', 'elbows'], ['wrist', 'wrists'], ['ankle', 'ankles'],
      ['hand', 'hands', 'handed'], ['finger', 'fingers'], ['thumb', 'thumbs'], ['foot', 'feet', 'foots'], ['toe', 'toes'], ['heel', 'heels'],
      ['leg', 'legs', 'extremity', 'extremities', 'limb', 'limbs'], ['arm', 'arms'], ['forearm', 'forearms'], ['thigh', 'thighs'], ['calf', 'calves'],
      ['shin', 'shins'], ['buttock', 'buttocks'], ['groin'], ['flank', 'flanks'], ['side', 'sides', 'sided'], ['back'], ['neck'], ['jaw'],
      ['eye', 'eyes'], ['ear', 'ears'], ['cheek', 'cheeks'], ['temple', 'temples'], ['nostril', 'nostrils', 'naris', 'nare', 'nares'],
      ['tonsil', 'tonsils'], ['breast', 'breasts'], ['nipple', 'nipples'], ['axilla', 'axillae', 'armpit', 'armpits'], ['chest', 'hemithorax'],
      ['lung', 'lungs'], ['base', 'bases'], ['lobe', 'lobes'], ['kidney', 'kidneys', 'renal'], ['ovary', 'ovaries', 'ovarian'],
      ['testicle', 'testicles', 'testis', 'testes'], ['quadrant', 'quadrants'], ['abdomen', 'abdominal'], ['rib', 'ribs'],
      ['carotid', 'carotids'], ['tm', 'tympanic', 'eardrum', 'eardrums'], ['heart'], ['ventricle', 'ventricular', 'ventricles'],
      ['atrium', 'atrial'], ['femoral'], ['radial'], ['pedal'], ['lumbar'], ['sciatic'], ['hamstring', 'hamstrings'],
      ['hemisphere', 'brain'], ['face', 'facial'], ['eyelid', 'eyelids'], ['lip', 'lips'], ['gland', 'glands'], ['node', 'nodes'],
      ['scalp'], ['head'], ['sinus', 'sinuses'], ['hallux'], ['pinky'], ['palm', 'palms'], ['sole', 'soles'],
      ['achilles'], ['meniscus'], ['acl'], ['rotator'], ['patella', 'kneecap'], ['clavicle', 'collarbone'], ['scapula', 'shoulderblade'],
    ] as string[][]
  ).flatMap((names) => names.map((name) => [name, names[0]!])),
);

/** Words between a side and its part that say which region ("right lower extremity", "left upper quadrant"). */
const REGION_WORDS = new Set(['lower', 'upper', 'middle', 'mid', 'anterior', 'posterior', 'medial', 'lateral', 'inner', 'outer', 'distal', 'proximal', 'big', 'little', 'index', 'ring', 'great', 'sided', 'side', 'of', 'the', 'and', 'hand', 'foot']);

export function bodyPartOf(word: string): string | null {
  return BODY_PARTS[word.toLowerCase()] ?? null;
}

/** "right" that means "correct" or "just" ("all right", "that's right", "right now", "right away"). */
function isNotASide(tokens: readonly Token[], i: number): boolean {
  const word = tokens[i]!.lower;
  if (word !== 'right' && word !== 'left') return false;
  const before = tokens[i - 1]?.lower ?? '';
  const after = tokens[i + 1]?.lower ?? '';
  // A body part right after it makes it a side whatever came before ("she is right handed").
  if (bodyPartOf(after)) return false;
  if (word === 'left') return ['i', 'he', 'she', 'they', 'we', 'you', 'was', 'just', 'have', 'has', 'had', 'is', 'anything', 'nothing', 'what', 'days', 'weeks', 'over', 'still'].includes(before) || ['over', 'the', 'home', 'work', 'him', 'her', 'me', 'it', 'a', 'for'].includes(after);
  return ['all', "that's", 'thats', 'is', 'yeah', 'okay', 'ok', 'alright', 'exactly', 'oh', 'be'].includes(before) || ['now', 'away', 'there', 'here', 'after', 'before', 'then', 'when', 'back', 'into', 'at', 'about', 'so', '?', 'ok', 'okay'].includes(after) || (before === '' && (after === ',' || after === '.' || after === ''));
}

/**
 * The sides a text names, each with its body part: the part after the side ("left knee", "bilateral lower
 * extremities", "both knees"), or, for "bilaterally" and "on the right", the nearest part before it in the
 * same clause ("crackles at the bases bilaterally", "pain in the knee on the right"). "both", "either" and
 * "each" count only with a part right after them; "right" and "left" in other senses ("all right", "he left") do not count.
 */
export function sideMentions(tokens: readonly Token[]): SideMention[] {
  const mentions: SideMention[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i]!.lower;
    let side: Side | null = word === 'left' || word === 'right' ? word : ['bilateral', 'bilaterally', 'both', 'either', 'each'].includes(word) ? 'bilateral' : null;
    if (!side || isNotASide(tokens, i)) continue;
    let sideTo = i;
    // "left and right" is both sides.
    if ((word === 'left' || word === 'right') && tokens[i + 1]?.lower === 'and' && ['left', 'right'].includes(tokens[i + 2]?.lower ?? '') && tokens[i + 2]!.lower !== word) {
      side = 'bilateral';
      sideTo = i + 2;
    }
    // "both", "either" and "each" qualify only a part right after them ("either breast", "both knees").
    const pairWord = word === 'both' || word === 'either' || word === 'each';
    const after = partAfter(tokens, sideTo + 1, pairWord ? 2 : 4);
    const before = pairWord ? null : partBefore(tokens, i - 1);
    const adverbial = word === 'bilaterally' || ['on', 'to', 'in', 'at'].includes(tokens[i - 2]?.lower ?? '') || after === null;
    const partIndex = word === 'bilaterally' ? (before ?? after) : after ?? (adverbial ? before : null);
    if (pairWord && partIndex === null) continue;
    mentions.push({ side, bodyPart: partIndex === null ? null : bodyPartOf(tokens[partIndex]!.lower), sideFrom: i, sideTo, partIndex });
    i = sideTo;
  }
  return mentions;
}

function partAfter(tokens: readonly Token[], from: number, reach: number): number | null {
  for (let k = from; k < Math.min(tokens.length, from + reach); k++) {
    const t = tokens[k]!;
    if (t.kind === 'punct' && t.text !== '-') return null;
    // "side" alone is a part only if no real part follows ("left side of the chest" qualifies the chest).
    if (bodyPartOf(t.lower) && bodyPartOf(t.lower) !== 'side') return k;
    if (bodyPartOf(t.lower) === 'side') {
      const further = partAfter(tokens, k + 1, 3);
      return further ?? k;
    }
    if (!REGION_WORDS.has(t.lower) && t.kind === 'word' && k > from) return null;
  }
  return null;
}

/** The nearest body part before `from` in the same clause (at most eight words back). */
function partBefore(tokens: readonly Token[], from: number): number | null {
  for (let k = from; k >= Math.max(0, from - 8); k--) {
    const t = tokens[k]!;
    if (t.kind === 'punct' && t.text !== '-') return null;
    if (bodyPartOf(t.lower) && bodyPartOf(t.lower) !== 'side') return k;
  }
  return null;
}
