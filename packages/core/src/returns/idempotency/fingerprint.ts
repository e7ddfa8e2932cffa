/** @module returns/idempotency/fingerprint — what makes two requests "the same request". */
import * as crypto from "node:crypto";

/**
 * JSON with object keys sorted at every level, so `{"a":1,"b":2}` and `{"b":2,"a":1}`
 * fingerprint alike. Input is JSON-parsed data (no cycles, no functions). Written in one
 * pass, without the per-level arrays a map-and-join would build: it runs on every keyed write.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) {
    let text = "[";
    for (let i = 0; i < value.length; i++) text += (i === 0 ? "" : ",") + canonicalJson(value[i]);
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (!isSorted(keys)) keys.sort();
  let text = "{";
  for (const key of keys) {
    const member = record[key];
    if (member === undefined) continue;
    text += `${text.length === 1 ? "" : ","}${JSON.stringify(key)}:${canonicalJson(member)}`;
  }
  return `${text}}`;
}

/** Bodies usually arrive with their keys in order already; then there is nothing to sort. */
function isSorted(keys: string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i - 1]! > keys[i]!) return false;
  return true;
}

/** One-shot hashing where the runtime has it (Node ≥ 20.12), without a Hash object. */
const sha256Base64url: (text: string) => string =
  typeof crypto.hash === "function"
    ? (text) => crypto.hash("sha256", text, "base64url")
    : (text) => crypto.createHash("sha256").update(text).digest("base64url");

/** SHA-256 over method, path and the canonical body (an absent body counts as `{}`). */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return sha256Base64url(`${method.toUpperCase()}\n${path}\n${canonicalJson(body ?? {})}`);
}
