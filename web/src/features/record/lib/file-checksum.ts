// A picked file's SHA-256, computed in the browser with Web Crypto before it goes up: sent with its parts and
// asked about first (POST /session/upload_by_checksum, docs/api.md "Sessions"), so the same file uploaded
// again asks before a second session is made.

/** The lowercase hexadecimal SHA-256 of the whole file, as the server measures the joined upload. */
export async function sha256Hex(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** When an earlier upload began, as the question says it: "today at 10:42", "yesterday at 16:05". */
export function describeUploadTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return 'earlier';
  const time = at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (at.getTime() >= startOfToday) return `today at ${time}`;
  if (at.getTime() >= startOfToday - 24 * 60 * 60 * 1000) return `yesterday at ${time}`;
  return `on ${at.toLocaleDateString(undefined, { dateStyle: 'medium' })} at ${time}`;
}
