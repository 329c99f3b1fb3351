/** Titles people put before their name, which are not their first name ("Dr Maria García" is Maria G.). */
const TITLES = new Set(['dr', 'prof', 'professor', 'mr', 'mrs', 'ms', 'mx', 'miss', 'sir', 'dame']);

/**
 * A word that can be a name: letters (with their combining marks), inner hyphens and apostrophes, and at most
 * a final period ("G."). Digits, underscores, inner dots, slashes and at signs are how handles, addresses and
 * links look, never names: "maria.garcia", "mgarcia87", "m_garcia".
 */
const NAME_WORD = /^\p{L}[\p{L}\p{M}'’-]*\.?$/u;

/** An address (any at sign, full-width ones too) or a link anywhere: the "name" is something else. */
const ADDRESS_LIKE = /[@＠﹫]|:\/\/|(^|\s)www\./iu;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The first character as a reader sees it (a letter with its accents), upper-cased if that stays one character. */
function initialOf(word: string): string | undefined {
  const first = graphemes.segment(word)[Symbol.iterator]().next().value?.segment;
  if (!first) return undefined;
  const upper = first.toUpperCase();
  return [...graphemes.segment(upper)].length === 1 ? upper : first;
}

/**
 * What the public referral lookup shows of a referrer: the first name and the initial of the last, and
 * nothing else ("Maria G."). A display name that holds an address or a link, or whose first word is not a
 * name (a handle such as "mgarcia87"), shows "a colleague" instead, as does one without a name, so a sign-up
 * page can still say "Invited by a colleague". Never the email, never the whole surname (docs/billing.md
 * "Billing and referrals"): before, a one-word display name came back whole, an email address used as a name too.
 */
export function referrerShortName(displayName: string): string {
  if (ADDRESS_LIKE.test(displayName)) return 'a colleague';
  const words = displayName
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0 && !TITLES.has(word.replace(/\.$/, '').toLowerCase()));
  const first = words[0];
  if (!first || !NAME_WORD.test(first)) return 'a colleague';
  const firstName = first.replace(/\.$/, '');
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  // No initial from a last word that is not a name ("(she/her)", "4ever").
  const initial = last && NAME_WORD.test(last) ? initialOf(last) : undefined;
  return initial ? `${firstName} ${initial}.` : firstName;
}
