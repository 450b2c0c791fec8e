// A ticket code as people type it or a scanner reads it, made comparable. Pure and browser-safe
// (no node imports): the check-in screen bundles this file, so the door and the server agree.

/**
 * A code as typed -> the form it is stored and compared in: upper-case, spaces and dashes removed
 * ('abcd-efgh ijkl' -> 'ABCDEFGHIJKL'). It does not judge whether the result is a real code: an
 * unknown code is simply not found.
 */
export function normalizeTicketCode(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

/**
 * What the offline list's `codeHash` is computed over: the normalized code. The hash is the SHA-256
 * of its UTF-8 bytes, in lower-case hex (`hashTicketCode`: Web Crypto, the same in the browser and
 * on the server), so the browser keeps hashes, never readable codes.
 */
export async function hashTicketCode(text: string): Promise<string> {
  const bytes = new TextEncoder().encode(normalizeTicketCode(text));
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
