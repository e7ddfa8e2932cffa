/**
 * @module store/recent-records — the versions of returns this process last read or wrote,
 * bounded, least recently used first out.
 *
 * A write computed from a remembered version costs one store call instead of two; when
 * another process has moved the return on meanwhile, the commit's version check refuses it
 * and the service retries from the version the store reports. So an entry can be stale but
 * never wrong in effect, and reads for callers (GET, list) never come from here. Entries
 * are frozen: the record a write returns to its caller is the one remembered here.
 */
import { deepFreeze } from "../util/deep-freeze";
import type { StoredReturn } from "./types";

export class RecentRecords {
  readonly #entries = new Map<string, StoredReturn>();

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 0) {
      throw new TypeError(`recentRecords must be a whole number >= 0, got ${limit}`);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  get(id: string): StoredReturn | undefined {
    const stored = this.#entries.get(id);
    if (stored) {
      // Re-inserting moves it to the young end of the Map's insertion order.
      this.#entries.delete(id);
      this.#entries.set(id, stored);
    }
    return stored;
  }

  set(id: string, stored: StoredReturn): void {
    if (this.limit === 0) return;
    const known = this.#entries.get(id);
    // Never step back: a slower concurrent write must not replace a newer version.
    if (known && known.record.version > stored.record.version) return;
    this.#entries.delete(id);
    this.#entries.set(id, deepFreeze(stored));
    if (this.#entries.size > this.limit) {
      this.#entries.delete(this.#entries.keys().next().value as string);
    }
  }

  delete(id: string): void {
    this.#entries.delete(id);
  }
}
