/**
 * @module returns — reading returns: one by id, newest first with filters and a keyset
 * cursor, and the units an order's lines have in returns.
 */
import {
  isStorableText,
  type ListReturnsQuery,
  type ReturnPage,
  type StoredReturn,
} from "@returnkit/core";
import type { StoreContext } from "./context";
import { selectReturn } from "./sql/select-return";
import { selectReturnedQuantities } from "./sql/select-returned-quantities";

export async function getReturn(ctx: StoreContext, id: string): Promise<StoredReturn | null> {
  // PostgreSQL text cannot hold NUL (sent along, it fails the statement) and reads a lone
  // surrogate as U+FFFD (it would find another id): no row holds such text.
  if (!isStorableText(id)) return null;
  const [row] = await ctx.db.query<StoredReturn>(selectReturn(ctx.names), [id], { read: true });
  return row ?? null;
}

export async function listReturns(ctx: StoreContext, query: ListReturnsQuery): Promise<ReturnPage> {
  // PostgreSQL would read a lone surrogate as U+FFFD and match another customer's (or
  // order's) rows; no row holds such text, so nothing matches it.
  const filters = [query.customer_id, query.order_id];
  if (filters.some((text) => text !== undefined && !isStorableText(text)))
    return { data: [], next_cursor: null };
  const where: string[] = [];
  const params: unknown[] = [];
  const condition = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace("?", `$${params.length}`));
  };
  // Only the filters given, so the planner sees a plain condition and picks its index.
  if (query.customer_id !== undefined) condition("customer_id = ?", query.customer_id);
  if (query.state !== undefined) condition("state = ?", query.state);
  if (query.order_id !== undefined) condition("order_id = ?", query.order_id);
  // The cursor is the last id of the previous page: a keyset, so nothing is skipped or
  // repeated however many returns are created meanwhile.
  if (query.cursor !== undefined) condition("id < ?", query.cursor);
  params.push(query.limit + 1);
  const rows = await ctx.db.query<StoredReturn>(
    `SELECT record, snapshot FROM ${ctx.names.table("returns")}
     ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}
     ORDER BY id DESC LIMIT $${params.length}`,
    params,
    { read: true },
  );
  // One row more than asked says whether there is a next page, so a full last page ends the walk.
  const data = rows.slice(0, query.limit);
  const next_cursor = rows.length > query.limit ? data[data.length - 1]!.record.id : null;
  return { data, next_cursor };
}

export async function returnedQuantities(
  ctx: StoreContext,
  orderId: string,
): Promise<Array<{ sku: string; size: string | null; quantity: number }>> {
  // As in getReturn: PostgreSQL would read a lone surrogate as U+FFFD, another order's id.
  if (!isStorableText(orderId)) return [];
  const rows = await ctx.db.query<{ sku: string; size: string | null; quantity: number | string }>(
    selectReturnedQuantities(ctx.names),
    [orderId],
    { read: true },
  );
  return rows.map((row) => ({ sku: row.sku, size: row.size, quantity: Number(row.quantity) }));
}
