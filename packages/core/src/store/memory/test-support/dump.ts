/**
 * @module store/memory/test-support/dump — everything a memory store holds, as rows of text:
 * one per entry of each map and set and per element of each array it keeps, for tests that
 * scan a store for a string (an erasure's) or compare what it holds before and after.
 */
import type { ReturnsStore } from "../../types";
import { partsOfMemoryStore } from "../memory-store";

const plain = (_key: string, value: unknown) =>
  value instanceof Map ? [...value] : value instanceof Set ? [...value] : value;

function rowsOf(value: unknown, path: string, out: string[]): void {
  if (value instanceof Map) {
    for (const [key, member] of value) out.push(`${path}/${key}: ${JSON.stringify(member, plain)}`);
  } else if (value instanceof Set || Array.isArray(value)) {
    for (const member of value) out.push(`${path}[]: ${JSON.stringify(member, plain)}`);
  } else if (value !== null && typeof value === "object") {
    for (const [key, member] of Object.entries(value)) rowsOf(member, `${path}.${key}`, out);
  }
}

/** Every row a memory store holds, sorted. Throws for a store that is no memory store. */
export function dumpMemoryStore(store: ReturnsStore): string[] {
  const parts = partsOfMemoryStore(store);
  if (!parts) throw new TypeError(`dumpMemoryStore: ${store.name} is no memory store`);
  const out: string[] = [];
  rowsOf(parts, "", out);
  return out.sort();
}
