// A note as text for pasting into an EHR: plain text for any field, and HTML (titles as headings, bullets as
// lists) for editors that keep formatting. Pure, so what lands on the clipboard is tested exactly.

export interface NoteSection {
  title: string;
  content: string;
}

export type ContentBlock = { kind: 'paragraph'; lines: string[] } | { kind: 'bullets'; items: string[] } | { kind: 'numbered'; items: string[] };

const BULLET = /^\s*[-*•]\s+/;
const NUMBERED = /^\s*\d+[.)]\s+/;

/** The section's text as paragraphs and lists: "- ", "* " and "• " lines are bullets, "1. " lines numbered. */
export function contentBlocks(content: string): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  for (const raw of content.split(/\r?\n/)) {
    const line = raw.trim();
    const last = blocks[blocks.length - 1];
    if (!line) {
      // A blank line ends a paragraph (lists end by themselves when the next line is not an item).
      if (last?.kind === 'paragraph') blocks.push({ kind: 'paragraph', lines: [] });
      continue;
    }
    if (BULLET.test(line)) {
      const item = line.replace(BULLET, '');
      if (last?.kind === 'bullets') last.items.push(item);
      else blocks.push({ kind: 'bullets', items: [item] });
    } else if (NUMBERED.test(line)) {
      const item = line.replace(NUMBERED, '');
      if (last?.kind === 'numbered') last.items.push(item);
      else blocks.push({ kind: 'numbered', items: [item] });
    } else if (last?.kind === 'paragraph') {
      last.lines.push(line);
    } else {
      blocks.push({ kind: 'paragraph', lines: [line] });
    }
  }
  return blocks.filter((b) => (b.kind === 'paragraph' ? b.lines.length > 0 : b.items.length > 0));
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function blockToHtml(block: ContentBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p>${block.lines.map(escapeHtml).join('<br>')}</p>`;
    case 'bullets':
      return `<ul>${block.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
    case 'numbered':
      return `<ol>${block.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ol>`;
  }
}

/** One section's text as the clinician sees it, without its title (for pasting into that field). */
export function sectionToPlainText(content: string): string {
  return content.trim();
}

/** The whole note: each title on its own line, its text below, sections separated by a blank line. */
export function noteToPlainText(sections: readonly NoteSection[]): string {
  return sections.map((s) => `${s.title.trim()}\n${s.content.trim()}`).join('\n\n');
}

/** The whole note as HTML: <h3> titles, <p> paragraphs, <ul>/<ol> lists; all text escaped. */
export function noteToHtml(sections: readonly NoteSection[]): string {
  return sections.map((s) => `<h3>${escapeHtml(s.title.trim())}</h3>${contentBlocks(s.content).map(blockToHtml).join('')}`).join('');
}
