/**
 * @module store/memory-returns — the memory store's returns: one stored version per id, and
 * the ids in ascending order for paging (ULIDs sort by creation time).
 */
import type { ListReturnsQuery, ReturnPage, StoredReturn } from "./types";

export class MemoryReturns {
  private readonly byId = new Map<string, StoredReturn>();
  /** Ids in ascending order; ULIDs sort by creation time. */
  private readonly ids: string[] = [];

  get(id: string): StoredReturn | undefined {
    return this.byId.get(id);
  }

  /** Stores a (frozen) version, replacing the previous one of its return. */
  put(stored: StoredReturn): void {
    const id = stored.record.id;
    if (!this.byId.has(id)) this.ids.splice(lowerBound(this.ids, id), 0, id);
    this.byId.set(id, stored);
  }

  /** Newest first, filtered, after the cursor (the last id of the previous page). */
  list(query: ListReturnsQuery): ReturnPage {
    const data: StoredReturn[] = [];
    // The cursor is the last id of the previous page; continue strictly below it.
    const start = query.cursor ? lowerBound(this.ids, query.cursor) - 1 : this.ids.length - 1;
    let next_cursor: string | null = null;
    for (let i = start; i >= 0; i--) {
      const stored = this.byId.get(this.ids[i]!)!;
      const record = stored.record;
      if (query.customer_id !== undefined && record.customer_id !== query.customer_id) continue;
      if (query.state !== undefined && record.state !== query.state) continue;
      if (query.order_id !== undefined && record.order_id !== query.order_id) continue;
      if (data.length === query.limit) {
        next_cursor = data[data.length - 1]!.record.id;
        break;
      }
      data.push(stored);
    }
    return { data, next_cursor };
  }
}

/** Index of the first element >= value in a sorted array. */
function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
