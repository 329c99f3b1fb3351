/**
 * CSS escaping for the selectors magic fill answers, as the browser's `CSS.escape` does (CSSOM §2.1.1), so
 * `document.querySelector` in the page finds an element by any id or name a page uses. Node has no `CSS`
 * global; the algorithm is a dozen lines, not worth a dependency.
 */
export function cssIdentifier(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const ch = value.charAt(i);
    if (code === 0) out += '\uFFFD';
    else if ((code >= 0x1 && code <= 0x1f) || code === 0x7f || (i === 0 && code >= 0x30 && code <= 0x39) || (i === 1 && code >= 0x30 && code <= 0x39 && value.charCodeAt(0) === 0x2d)) {
      out += `\\${code.toString(16)} `;
    } else if (i === 0 && value.length === 1 && code === 0x2d) out += `\\${ch}`;
    else if (code >= 0x80 || code === 0x2d || code === 0x5f || (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) out += ch;
    else out += `\\${ch}`;
  }
  return out;
}

/** A double-quoted CSS string for attribute selectors (`[name="…"]`). */
export function cssAttributeValue(value: string): string {
  return `"${value.replace(/\0/g, '\uFFFD').replace(/["\\]/g, '\\$&').replace(/[\n\r\f]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}"`;
}
