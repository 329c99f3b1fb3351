// The facts of a note the transcript does not support, as the app asks about them before the note leaves
// it (docs/quality.md "Sentence evidence and the fact check"). Shared: the session page asks before copying, the
// extension's magic fill before filling an EHR page.
import type { DocumentationSection, FactKind } from '@charta/contract';

/** One unresolved flag with what a question about it needs to say: where it is and in which sentence. */
export interface UnresolvedFact {
  sectionId: string;
  sectionTitle: string;
  flagId: string;
  /** The words flagged, as the note has them. */
  text: string;
  kind: FactKind;
  /** The sentence they are in. */
  sentence: string;
}

/** The flags the clinician has neither edited away nor confirmed, in the note's order. */
export function unresolvedFacts(sections: readonly Pick<DocumentationSection, 'id' | 'title' | 'sentences' | 'flags'>[]): UnresolvedFact[] {
  return sections.flatMap((section) =>
    section.flags
      .filter((flag) => flag.status === 'unresolved')
      .map((flag) => ({
        sectionId: section.id,
        sectionTitle: section.title,
        flagId: flag.id,
        text: flag.text,
        kind: flag.kind,
        sentence: section.sentences[flag.sentenceIndex]?.text ?? flag.text,
      })),
  );
}

/** "1 fact" / "3 facts": the count the note's header and the questions say. */
export function factCount(count: number): string {
  return count === 1 ? '1 fact' : `${count} facts`;
}
