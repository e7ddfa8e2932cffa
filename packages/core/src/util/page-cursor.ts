/**
 * @module util/page-cursor — the one cursor format of the keyset pages that need more than an
 * id to resume (deliveries, fit insights): the key of a page's last entry, a JSON array, as
 * base64url. Opaque to callers; only the exact text `encodeCursor` writes reads back, so a
 * cut or altered cursor is refused, never handed to a store. Each list checks the key's
 * fields itself.
 */

/** A page's last key: plain JSON values, in the list's order. */
type CursorKey = readonly (string | number | null)[];

export function encodeCursor(key: CursorKey): string {
  return toBase64Url(JSON.stringify(key));
}

/**
 * The array a cursor of `encodeCursor` holds, or null for any other text, or for a cursor
 * longer than `maxLength` (checked first, so no long text is decoded).
 */
export function decodeCursor(cursor: string, maxLength: number): unknown[] | null {
  if (cursor.length > maxLength) return null;
  const json = fromBase64Url(cursor);
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  return encodeCursor(value) === cursor ? value : null;
}

function toBase64Url(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
