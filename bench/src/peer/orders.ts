/**
 * @module bench/peer/orders — what the peer does by hand that returnkit does with `orders`
 * bound: the order is read from the shop's tables (support/shop-orders.ts), it must be the
 * caller's (404 otherwise, as for an order that does not exist), inside its 30-day window, and
 * hold every line asked for; then, under a transaction-scoped lock on the order (so two
 * returns of its last unit queue rather than both pass), the units already in returns that
 * hold them are added up and compared with the units bought.
 */
import type pg from "pg";
import { problem } from "./problem";

/** A line a return asks for. */
interface AskedLine {
  sku: string;
  size: string | null;
  quantity: number;
}

const WINDOW_MS = 30 * 24 * 3600 * 1000;

/**
 * Checks `asked` against order `orderId` of customer `who` in `client`'s transaction, and
 * leaves the order locked until it ends: a refusal as a problem Response, or null.
 */
export async function checkOrder(
  client: pg.PoolClient,
  schema: string,
  who: string,
  orderId: string,
  asked: readonly AskedLine[],
): Promise<Response | null> {
  const s = `"${schema}"`;
  const { rows } = await client.query(
    `SELECT o.customer_id, coalesce(o.delivered_at, o.placed_at) AS since,
            (SELECT json_agg(json_build_object('sku', sku, 'size', size, 'quantity', quantity))
               FROM ${s}.shop_order_lines WHERE order_id = o.id) AS lines
       FROM ${s}.shop_orders o WHERE o.id = $1`,
    [orderId],
  );
  const order = rows[0] as
    | { customer_id: string; since: Date; lines: AskedLine[] | null }
    | undefined;
  if (!order || order.customer_id !== who) return problem(404, "Order not found");
  if (Date.now() - order.since.getTime() > WINDOW_MS) return problem(422, "Outside the window");
  const bought = (line: AskedLine) =>
    (order.lines ?? [])
      .filter((l) => l.sku === line.sku && l.size === line.size)
      .reduce((sum, l) => sum + l.quantity, 0);
  if (asked.some((line) => bought(line) === 0)) return problem(422, "Line not on the order");
  await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [orderId]);
  const held = await client.query(
    `SELECT sku, size, sum(quantity)::int AS units FROM ${s}.returns
      WHERE order_id = $1 AND state NOT IN ('cancelled', 'rejected') GROUP BY sku, size`,
    [orderId],
  );
  const units = new Map(
    (held.rows as { sku: string; size: string | null; units: number }[]).map((r) => [
      `${r.sku} ${r.size}`,
      r.units,
    ]),
  );
  const left = (line: AskedLine) => bought(line) - (units.get(`${line.sku} ${line.size}`) ?? 0);
  if (asked.some((line) => line.quantity > left(line)))
    return problem(422, "Quantity exceeds what is left");
  return null;
}
