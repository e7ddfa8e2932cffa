/**
 * @module store/memory/memory-returns — the memory store's returns: one stored version per id, the
 * ids in ascending order for paging (ULIDs sort by creation time), and the ids of each order
 * for the quantities its lines have in returns, and the RMA numbers return requests hold.
 */
import type { ReturnData } from "../../domain/schemas";
import type { ListReturnsQuery, ReturnPage, RmaClaim, StoredReturn } from "../types";

type ReturnLine = ReturnData["line"];

/** Cancelled and rejected returns hold no units of their order line. */
const INACTIVE_STATES: ReadonlySet<string> = new Set(["cancelled", "rejected"]);

/** The units a record holds of its line: its quantity while active, else none. */
export function unitsHeld(record: ReturnData): number {
  return INACTIVE_STATES.has(record.state) ? 0 : record.line.quantity;
}

export class MemoryReturns {
  private readonly byId = new Map<string, StoredReturn>();
  /** Ids in ascending order; ULIDs sort by creation time. */
  private readonly ids: string[] = [];
  /** Ids of the returns of each order, by the latest version's `order_id`. */
  private readonly byOrder = new Map<string, Set<string>>();
  /** The request that holds each RMA number. */
  private readonly rmas = new Map<string, string>();

  /** Whether some request holds `rma`. */
  rmaTaken(rma: string): boolean {
    return this.rmas.has(rma);
  }

  /** Records `claim`, checked free by `rmaTaken` in the same synchronous commit. */
  claimRma(claim: RmaClaim): void {
    this.rmas.set(claim.rma, claim.request_id);
  }

  get(id: string): StoredReturn | undefined {
    return this.byId.get(id);
  }

  /** Every return's latest record, in no particular order. */
  *records(): Iterable<ReturnData> {
    for (const stored of this.byId.values()) yield stored.record;
  }

  /** Stores a (frozen) version, replacing the previous one of its return. */
  put(stored: StoredReturn): void {
    const id = stored.record.id;
    const previous = this.byId.get(id);
    if (!previous) this.ids.splice(lowerBound(this.ids, id), 0, id);
    if (previous?.record.order_id !== stored.record.order_id) {
      if (previous) this.byOrder.get(previous.record.order_id)?.delete(id);
      const orderIds = this.byOrder.get(stored.record.order_id) ?? new Set<string>();
      this.byOrder.set(stored.record.order_id, orderIds.add(id));
    }
    this.byId.set(id, stored);
  }

  /** The units active returns of `orderId` hold of `line`, leaving out `exceptId` and `skipped`. */
  unitsInReturns(
    orderId: string,
    line: ReturnLine,
    exceptId: string,
    skipped: ReadonlyMap<string, unknown> = new Map(),
  ): number {
    let units = 0;
    for (const { record } of this.ofOrder(orderId)) {
      if (record.id === exceptId || skipped.has(record.id)) continue;
      if (record.line.sku === line.sku && record.line.size === line.size)
        units += unitsHeld(record);
    }
    return units;
  }

  /** Units in active returns per line of `orderId`; lines with none are left out. */
  returnedQuantities(orderId: string): ReturnLine[] {
    const lines = new Map<string, ReturnLine>();
    for (const { record } of this.ofOrder(orderId)) {
      const units = unitsHeld(record);
      if (units === 0) continue;
      const { sku, size } = record.line;
      const key = JSON.stringify([sku, size]);
      const line = lines.get(key) ?? { sku, size, quantity: 0 };
      lines.set(key, { ...line, quantity: line.quantity + units });
    }
    return [...lines.values()];
  }

  private *ofOrder(orderId: string): Iterable<StoredReturn> {
    for (const id of this.byOrder.get(orderId) ?? []) yield this.byId.get(id)!;
  }

  /** Newest first, filtered, after the cursor (the last id of the previous page). */
  list(query: ListReturnsQuery): ReturnPage {
    const data: StoredReturn[] = [];
    const rmaRequest = query.rma === undefined ? undefined : this.rmas.get(query.rma);
    if (query.rma !== undefined && rmaRequest === undefined) return { data, next_cursor: null };
    // The cursor is the last id of the previous page; continue strictly below it.
    const start = query.cursor ? lowerBound(this.ids, query.cursor) - 1 : this.ids.length - 1;
    let next_cursor: string | null = null;
    for (let i = start; i >= 0; i--) {
      const stored = this.byId.get(this.ids[i]!)!;
      if (!matchesQuery(stored.record, query)) continue;
      if (rmaRequest !== undefined && stored.record.request_id !== rmaRequest) continue;
      if (data.length === query.limit) {
        next_cursor = data[data.length - 1]!.record.id;
        break;
      }
      data.push(stored);
    }
    return { data, next_cursor };
  }
}

/** Whether a record passes every filter of the query (AND); an absent filter passes all. */
function matchesQuery(record: ReturnData, query: ListReturnsQuery): boolean {
  const equal = (
    key: "customer_id" | "state" | "order_id" | "request_id" | "reason" | "resolution",
  ) => query[key] === undefined || record[key] === query[key];
  const created = Date.parse(record.created_at);
  return (
    equal("customer_id") &&
    equal("state") &&
    equal("order_id") &&
    equal("request_id") &&
    equal("reason") &&
    equal("resolution") &&
    (query.created_from === undefined || created >= Date.parse(query.created_from)) &&
    (query.created_to === undefined || created < Date.parse(query.created_to)) &&
    (query.tracking_number === undefined ||
      record.shipment?.tracking_number === query.tracking_number) &&
    (query.label_created_before === undefined || labelBefore(record, query.label_created_before))
  );
}

/** Whether the record's label was bought before `instant`. */
function labelBefore(record: ReturnData, instant: string): boolean {
  const label = record.label;
  if (label?.status !== "created" || label.created_at === null) return false;
  return Date.parse(label.created_at) < Date.parse(instant);
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
