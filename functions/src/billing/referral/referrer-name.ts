/** Titles people put before their name, which are not their first name ("Dr Maria García" is Maria G.). */
const TITLES = new Set(['dr', 'prof', 'professor', 'mr', 'mrs', 'ms', 'mx', 'miss', 'sir', 'dame']);

/**
 * What the public referral lookup shows of a referrer: the first name and the initial of the last, and
 * nothing else ("Maria G."). Without a usable name, "a colleague", so a sign-up page can still say
 * "Invited by a colleague". Never the email, never the whole surname.
 */
export function referrerShortName(displayName: string): string {
  const words = displayName
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0 && !TITLES.has(word.replace(/\.$/, '').toLowerCase()));
  const first = words[0];
  if (!first) return 'a colleague';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  // Array.from: an initial is the first code point, not half of a surrogate pair.
  const initial = last ? Array.from(last)[0]?.toUpperCase() : undefined;
  return initial ? `${first} ${initial}.` : first;
}
