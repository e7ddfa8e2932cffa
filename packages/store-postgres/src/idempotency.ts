/** @module idempotency — a key's answer, recorded with one insert-if-absent, and its look-up. */
import type {
  IdempotencyAnswerResult,
  IdempotencyFirstUse,
  IdempotencyKeys,
  IdempotencyRecordView,
} from "@returnkit/core/store";
import type { StoreContext } from "./context";
import type { SqlQueryable } from "./drivers/types";
import { jsonDocuments } from "./sql/json-documents";
import { recordKeys } from "./sql/record-keys";
import { selectKey } from "./sql/select-key";

/** A key whose row vanished between the insert and the read (purged) is tried again. */
const RECORD_ATTEMPTS = 5;

/**
 * Records `answer` unless a live row holds its key, then returns that row. Runs on the pool
 * alone, or on a commit's transaction (READ COMMITTED: each statement sees rows committed
 * before it started, so the SELECT sees the row that made the INSERT do nothing).
 */
export async function recordKey(
  db: SqlQueryable,
  ctx: StoreContext,
  answer: IdempotencyFirstUse,
): Promise<IdempotencyAnswerResult> {
  const { key, now } = answer;
  const values = keyColumns([answer]);
  for (let attempt = 0; attempt < RECORD_ATTEMPTS; attempt++) {
    if ((await db.query(recordKeys(ctx.names), values)).length > 0) return { recorded: true };
    const [row] = await db.query<IdempotencyRecordView>(selectKey(ctx.names), [key, now]);
    if (row) return { recorded: false, record: row };
  }
  throw new Error(`idempotency key ${key} kept changing under ${RECORD_ATTEMPTS} attempts`);
}

/**
 * What sql/record-keys takes, one per answer. A group's clock is its earliest answer's: a key
 * that expired only by a later one's clock is refused there, and its commit runs alone.
 */
export function keyColumns(unordered: IdempotencyFirstUse[]): unknown[] {
  // In one order everywhere, so two groups never each wait for a key the other inserted.
  const answers = [...unordered].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return [
    answers.map((answer) => answer.key),
    answers.map((answer) => answer.fingerprint),
    Math.min(...answers.map((answer) => answer.now)),
    answers.map((answer) => answer.expiresAt),
    jsonDocuments(answers.map((answer) => JSON.stringify(answer.response))),
  ];
}

export const idempotencyKeys = (ctx: StoreContext): IdempotencyKeys => ({
  recordIdempotencyAnswer: (answer) => recordKey(ctx.db, ctx, answer),
  async getIdempotencyRecord(key, now) {
    const query = selectKey(ctx.names);
    const [row] = await ctx.db.query<IdempotencyRecordView>(query, [key, now], { read: true });
    return row ?? null;
  },
});
