/**
 * @module store/memory/memory-erasure — the memory store's erasure batches (`eraseReturns`):
 * synchronous, so a batch is atomic like a commit.
 */
import { frozenCopy } from "../../util/deep-freeze";
import type { ErasureBatch, StoredReturn } from "../types";
import type { MemoryParts } from "./memory-commits";

/** The returns a batch takes, up to its limit. */
function taken(parts: MemoryParts, batch: ErasureBatch): StoredReturn[] {
  const { target, limit } = batch;
  if ("customer_id" in target) {
    return parts.returns.list({ customer_id: target.customer_id, limit }).data;
  }
  if ("return_id" in target) {
    const one = parts.returns.get(target.return_id);
    return one && !one.record.customer_id.startsWith(batch.erasedPrefix) ? [one] : [];
  }
  const found: StoredReturn[] = [];
  for (const record of parts.returns.records()) {
    if (found.length === limit) break;
    if (record.order_id !== target.order_id) continue;
    if (record.customer_id.startsWith(batch.erasedPrefix)) continue;
    found.push(parts.returns.get(record.id)!);
  }
  return found;
}

export function eraseInMemory(parts: MemoryParts, batch: ErasureBatch): string[] {
  const erasures = taken(parts, batch).map((stored) => batch.erase(stored));
  for (const erasure of erasures) {
    parts.returns.put(frozenCopy(erasure.next));
    parts.outbox.eraseEventsOf(erasure.next.record.id, erasure.json, erasure.text);
    parts.keys.forget(erasure.needles);
  }
  return erasures.map((erasure) => erasure.next.record.id);
}
