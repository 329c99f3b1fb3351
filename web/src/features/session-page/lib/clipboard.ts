// Copying for EHRs. Rich text (HTML beside plain text) where the browser allows it, so editors that keep
// formatting get headings and lists; plain text otherwise. Clipboard access needs a secure context and a
// user gesture; the caller reports a failure instead of pretending it worked.

type ClipboardLike = Pick<Clipboard, 'writeText'> & Partial<Pick<Clipboard, 'write'>>;

function currentClipboard(): ClipboardLike | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.clipboard;
}

/** The old way, for browsers without the async Clipboard API (or outside a secure context). */
function copyWithSelection(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  const focused = document.activeElement as HTMLElement | null;
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('The browser refused to copy.');
  } finally {
    area.remove();
    focused?.focus();
  }
}

export async function copyPlainText(text: string, clipboard: ClipboardLike | undefined = currentClipboard()): Promise<void> {
  if (clipboard) {
    await clipboard.writeText(text);
    return;
  }
  copyWithSelection(text);
}

/** Writes both text/plain and text/html; falls back to plain text. Says which one it managed. */
export async function copyRichText(content: { plain: string; html: string }, clipboard: ClipboardLike | undefined = currentClipboard()): Promise<'rich' | 'plain'> {
  if (clipboard?.write && typeof ClipboardItem !== 'undefined') {
    try {
      await clipboard.write([
        new ClipboardItem({
          'text/plain': new Blob([content.plain], { type: 'text/plain' }),
          'text/html': new Blob([content.html], { type: 'text/html' }),
        }),
      ]);
      return 'rich';
    } catch {
      // Some browsers refuse text/html or ClipboardItem: plain text is still worth having.
    }
  }
  await copyPlainText(content.plain, clipboard);
  return 'plain';
}
