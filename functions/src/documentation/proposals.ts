/**
 * AI edits as proposals (domain; docs/api.md "Documentation"): what an AI action would make of a section is
 * shown as a word-level diff against its current text before anything is saved, and the clinician's own
 * typing that it would remove is called out. Who typed what is followed through the section's kept versions
 * (section-versions.ts): each write's added words belong to its writer, words it kept keep their writer.
 */
import { diffWordsWithSpace, type ChangeObject } from 'diff';
import type { Evidence, SectionProposal, SectionSource, TextChange } from '@charta/contract';

/** How long one diff may take; past it the texts read as wholly replaced (a note's section is far quicker). */
const DIFF_TIMEOUT_MS = 1000;

/** Word-level diff (whitespace kept, so line breaks count), or a whole replacement if it takes too long. */
function wordDiff(before: string, after: string): Pick<ChangeObject<string>, 'value' | 'added' | 'removed'>[] {
  return (
    diffWordsWithSpace(before, after, { timeout: DIFF_TIMEOUT_MS }) ?? [
      { value: before, added: false, removed: true },
      { value: after, added: true, removed: false },
    ]
  );
}

/** One text of a section in its history, with who wrote it. */
export interface AuthoredText {
  content: string;
  source: SectionSource;
}

/**
 * For each character of the last text of `history` (oldest first), whether the clinician typed it. The
 * oldest text is all its writer's (the history is capped, so earlier writers are not known); each later
 * text's inserted words are its writer's, and the words it kept stay whose they were.
 */
export function typedMask(history: readonly AuthoredText[]): boolean[] {
  const [first, ...rest] = history;
  if (!first) return [];
  let text = first.content;
  let mask: boolean[] = new Array<boolean>(text.length).fill(first.source === 'clinician');
  for (const next of rest) {
    const typed = next.source === 'clinician';
    const nextMask: boolean[] = [];
    let at = 0;
    for (const part of wordDiff(text, next.content)) {
      if (part.removed) {
        at += part.value.length;
        continue;
      }
      for (let i = 0; i < part.value.length; i += 1) nextMask.push(part.added ? typed : (mask[at + i] ?? false));
      if (!part.added) at += part.value.length;
    }
    text = next.content;
    mask = nextMask;
  }
  return mask;
}

/**
 * `current` to `proposed` word by word, with the removed text the clinician typed (`typed`, a mask of
 * `current`) split off and marked. Whitespace alone is never called typed.
 */
export function textChanges(current: string, typed: readonly boolean[], proposed: string): TextChange[] {
  const changes: TextChange[] = [];
  const push = (change: TextChange) => {
    const last = changes[changes.length - 1];
    if (last && last.kind === change.kind && (last.typed ?? false) === (change.typed ?? false)) last.text += change.text;
    else changes.push(change);
  };
  let at = 0;
  for (const part of wordDiff(current, proposed)) {
    if (part.added) {
      push({ kind: 'added', text: part.value });
      continue;
    }
    if (!part.removed) {
      push({ kind: 'same', text: part.value });
      at += part.value.length;
      continue;
    }
    // A removed part: split it where the typing starts or stops.
    let start = 0;
    while (start < part.value.length) {
      const isTyped = typed[at + start] ?? false;
      let end = start + 1;
      while (end < part.value.length && (typed[at + end] ?? false) === isTyped) end += 1;
      const text = part.value.slice(start, end);
      if (isTyped && text.trim() !== '') {
        // The typing's own words are marked, not the line breaks and spaces around them.
        const [, before = '', words = '', after = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? [];
        if (before) push({ kind: 'removed', text: before });
        push({ kind: 'removed', text: words, typed: true });
        if (after) push({ kind: 'removed', text: after });
      } else push({ kind: 'removed', text });
      start = end;
    }
    at += part.value.length;
  }
  return changes;
}

/** The passages of typed text that `changes` removes, each trimmed (neighbouring removals read as one). */
export function removedTyping(changes: readonly TextChange[]): string[] {
  const passages: string[] = [];
  let open: string | null = null;
  for (const change of changes) {
    // Added text does not end a passage; whitespace between two removals joins them; other text ends it.
    if (change.kind === 'removed' && change.typed) open = (open ?? '') + change.text;
    else if (change.kind === 'added' || open === null) continue;
    else if (change.text.trim() === '') open += change.text;
    else {
      passages.push(open.trim());
      open = null;
    }
  }
  if (open !== null) passages.push(open.trim());
  return passages.filter((p) => p !== '');
}

/** One section's proposal: its current text (with its history, oldest first, ending with it) and the proposed text. */
export function sectionProposal(
  section: { id: string; title: string; content: string },
  history: readonly AuthoredText[],
  proposed: { content: string; evidence: Evidence[] },
): SectionProposal {
  const changes = textChanges(section.content, typedMask(history), proposed.content);
  return {
    sectionId: section.id,
    title: section.title,
    current: section.content,
    proposed: proposed.content,
    evidence: proposed.evidence,
    changes,
    removesTyped: removedTyping(changes),
  };
}
