/**
 * @module bench/peer/returns — the peer's return rows: a draft as create answers it, the next
 * version a submit writes, and the statements that write them (one however many returns).
 */
import { randomUUID } from "node:crypto";
import type pg from "pg";

/** A return as the peer answers it. */
export type Row = Record<string, unknown> & { id: string; version: number; state: string };

/** What a write's change did: the answer, and every return it wrote (each gets history and an event). */
export interface Changed {
  status: number;
  body: unknown;
  changed: Row[];
}

/** One write: claims the key, runs `change`, records what it changed and the answer. */
export type Write = (
  who: string,
  key: string,
  fingerprint: string,
  change: (client: pg.PoolClient) => Promise<Changed | Response>,
) => Promise<Response>;

/** A draft return of `line`, version 1, as create answers it. */
export function draftReturn(
  who: string,
  input: {
    order_id: string;
    line: { sku: string; quantity: number; size?: string | null | undefined };
    reason: string;
    resolution: string;
    exchange_for?: { sku: string } | undefined;
  },
  requestId: string | null,
): Row {
  const now = new Date().toISOString();
  return {
    id: `ret_${randomUUID()}`,
    object: "return",
    order_id: input.order_id,
    line: { sku: input.line.sku, quantity: input.line.quantity, size: input.line.size ?? null },
    order_line: null,
    reason: input.reason,
    resolution: input.resolution,
    exchange_for: input.exchange_for ?? null,
    state: "draft",
    flagged_from: null,
    grade: null,
    shipment: null,
    customer_id: who,
    request_id: requestId,
    version: 1,
    created_at: now,
    updated_at: now,
    history: [{ state: "draft", at: now }],
  };
}

/** Inserts draft returns (one statement however many). */
export async function insertReturns(client: pg.PoolClient, s: string, rows: Row[]): Promise<void> {
  const line = (row: Row) => row.line as { sku: string; size: string | null; quantity: number };
  await client.query(
    `INSERT INTO ${s}.returns (id, customer_id, state, version, order_id, sku, size, quantity,
       request_id, data)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[],
       $7::text[], $8::int[], $9::text[], $10::jsonb[])`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.customer_id),
      rows.map((r) => r.state),
      rows.map((r) => r.version),
      rows.map((r) => r.order_id),
      rows.map((r) => line(r).sku),
      rows.map((r) => line(r).size),
      rows.map((r) => line(r).quantity),
      rows.map((r) => r.request_id),
      rows.map((r) => JSON.stringify(r)),
    ],
  );
}

/** `current` submitted: its next version. */
export function submitted(current: Row): Row {
  const now = new Date().toISOString();
  const history = [...(current.history as unknown[]), { state: "submitted", at: now }];
  return { ...current, state: "submitted", version: current.version + 1, updated_at: now, history };
}

/** Writes the next versions of returns (one statement however many). */
export async function updateReturns(client: pg.PoolClient, s: string, rows: Row[]): Promise<void> {
  await client.query(
    `UPDATE ${s}.returns AS r SET state = c.state, version = c.version, data = c.data
     FROM unnest($1::text[], $2::text[], $3::int[], $4::jsonb[]) AS c(id, state, version, data)
     WHERE r.id = c.id`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.state),
      rows.map((r) => r.version),
      rows.map((r) => JSON.stringify(r)),
    ],
  );
}
