/** @module idempotency/fingerprint — what makes two requests "the same request". */
import { createHash } from "node:crypto";

/**
 * JSON with object keys sorted at every level, so `{"a":1,"b":2}` and `{"b":2,"a":1}`
 * fingerprint alike. Input is JSON-parsed data (no cycles, no functions).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const keys = Object.keys(value).sort();
  const members = keys
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .map(
      (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
    );
  return `{${members.join(",")}}`;
}

/** SHA-256 over method, path and the canonical body (an absent body counts as `{}`). */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method.toUpperCase()}\n${path}\n${canonicalJson(body ?? {})}`)
    .digest("base64url");
}
