/**
 * @module webhook-admin/delivery-pages — deliveries a page at a time, for the HTTP API and the CLI
 * alike: one cursor format, so a cursor either prints works in the other.
 *
 * A cursor is the key of the last delivery of a page (position, id) in the one cursor format
 * (`util/page-cursor.ts`): opaque to callers, checked on the way in, and a keyset, so a walk
 * neither skips nor repeats a delivery however many arrive meanwhile.
 */

import { isStorableText } from "../domain/text";
import type { Delivery, DeliveryFilter, DeliveryKey, ReturnsStore } from "../store/types";
import { decodeCursor, encodeCursor } from "../util/page-cursor";

/** The longest cursor this module writes (a 200-character id at most, below). */
export const DELIVERY_CURSOR_MAX_LENGTH = 400;
const ID_MAX_LENGTH = 200;

export interface DeliveryPage {
  data: Delivery[];
  /** Where the next page starts; null on the last page, even a full one. */
  next_cursor: string | null;
}

export function encodeDeliveryCursor(key: DeliveryKey): string {
  return encodeCursor([key.position, key.id]);
}

/** The key a cursor of `encodeDeliveryCursor` holds, or null for any other text. */
export function decodeDeliveryCursor(cursor: string): DeliveryKey | null {
  const value = decodeCursor(cursor, DELIVERY_CURSOR_MAX_LENGTH);
  if (value === null || value.length !== 2) return null;
  const [position, id] = value as [unknown, unknown];
  if (!Number.isSafeInteger(position) || (position as number) < 0) return null;
  if (typeof id !== "string" || id.length === 0 || id.length > ID_MAX_LENGTH) return null;
  if (!isStorableText(id)) return null;
  return { position: position as number, id };
}

/**
 * One page of the deliveries `filter` selects, after `cursor` (which the caller has checked
 * with `decodeDeliveryCursor`). One delivery more than asked is read to tell whether a next
 * page exists, so a full last page ends the walk.
 */
export async function listDeliveryPage(
  store: Pick<ReturnsStore, "listDeliveries">,
  filter: Omit<DeliveryFilter, "after" | "limit">,
  page: { limit: number; cursor?: string | undefined },
): Promise<DeliveryPage> {
  const after = page.cursor === undefined ? undefined : decodeDeliveryCursor(page.cursor);
  if (after === null) throw new RangeError("listDeliveryPage: not a delivery cursor");
  const rows = await store.listDeliveries({ ...filter, after, limit: page.limit + 1 });
  const data = rows.slice(0, page.limit);
  const last = data[data.length - 1];
  return {
    data,
    next_cursor: rows.length > page.limit && last ? encodeDeliveryCursor(last) : null,
  };
}
