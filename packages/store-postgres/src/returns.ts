/** @module returns — reading returns, and the units an order's lines have in returns. */
import { isStorableText, type ReturnRecords, type StoredReturn } from "@returnkit/core/store";
import type { StoreContext } from "./context";
import { TRACKING_NUMBER } from "./migrations/007_tracking_numbers";
import { toStoredReturn } from "./rows";
import { selectRmaRequest } from "./sql/claim-rma";
import { selectReturn } from "./sql/select-return";
import { selectReturnedQuantities } from "./sql/select-returned-quantities";
import { whereOf } from "./sql/where";

/**
 * PostgreSQL text cannot hold NUL (sent along, it fails the statement) and reads a lone
 * surrogate as U+FFFD, which would match another id: no row holds such text, so an id or a
 * filter holding it finds nothing.
 */
export function returnReads(ctx: StoreContext): Omit<ReturnRecords, "commit" | "commitMany"> {
  const { db, names } = ctx;
  return {
    async getReturn(id) {
      if (!isStorableText(id)) return null;
      const [row] = await db.query<StoredReturn>(selectReturn(names), [id], { read: true });
      return row ? toStoredReturn(row) : null;
    },

    async listReturns(query) {
      const storable = (text?: string) => text === undefined || isStorableText(text);
      const filters = [
        query.customer_id,
        query.order_id,
        query.request_id,
        query.rma,
        query.reason,
        query.tracking_number,
      ];
      if (!filters.every(storable)) {
        return { data: [], next_cursor: null };
      }
      // An RMA number names a request: its id, then the request's index (a subquery in the
      // WHERE would hide the plain condition from the planner's reader).
      let requestId = query.request_id;
      if (query.rma !== undefined) {
        const [held] = await db.query<{ request_id: string }>(
          selectRmaRequest(names),
          [query.rma],
          {
            read: true,
          },
        );
        if (!held || (requestId !== undefined && requestId !== held.request_id)) {
          return { data: [], next_cursor: null };
        }
        requestId = held.request_id;
      }
      // The cursor is the last id of the previous page: a keyset, so nothing is skipped or
      // repeated however many returns are created meanwhile.
      const { where, values } = whereOf({
        "customer_id =": query.customer_id,
        "state =": query.state,
        "order_id =": query.order_id,
        "request_id =": requestId,
        // Reason, resolution and creation live in the record's JSON only: a warehouse's
        // filters narrow a state's page, which the state index already finds.
        "record->>'reason' =": query.reason,
        "record->>'resolution' =": query.resolution,
        "(record->>'created_at')::timestamptz >=": query.created_from,
        "(record->>'created_at')::timestamptz <": query.created_to,
        // As `returns_tracking_idx` holds it, so the planner uses it.
        [`${TRACKING_NUMBER} COLLATE "C" =`]: query.tracking_number,
        "record->'label'->>'status' = 'created' AND (record->'label'->>'created_at')::timestamptz <":
          query.label_created_before,
        "id <": query.cursor,
      });
      values.push(query.limit + 1);
      const rows = await db.query<StoredReturn>(
        `SELECT record, snapshot FROM ${names.table("returns")} ${where}
         ORDER BY id DESC LIMIT $${values.length}`,
        values,
        { read: true },
      );
      // One row more than asked says whether there is a next page, so a full last page ends the walk.
      const data = rows.slice(0, query.limit).map(toStoredReturn);
      const next_cursor = rows.length > query.limit ? data[data.length - 1]!.record.id : null;
      return { data, next_cursor };
    },

    async returnedQuantities(orderId) {
      if (!isStorableText(orderId)) return [];
      return db.query(selectReturnedQuantities(names), [orderId], { read: true });
    },
  };
}
