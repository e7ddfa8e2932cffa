/**
 * @module store/memory-idempotency — the memory store's idempotency keys: each holds the
 * response to replay, recorded by a commit's first use or as a stored refusal.
 */
import { frozenCopy } from "./deep-freeze";
import type {
  CommitResult,
  IdempotencyAnswer,
  IdempotencyAnswerResult,
  IdempotencyFirstUse,
  IdempotencyRecordView,
  IdempotentResponse,
} from "./types";

/** The response's parts kept in the row itself: one object less per key. */
interface IdempotencyRow {
  fingerprint: string;
  expiresAt: number;
  /** The response's, frozen: handed out as they are. */
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export class MemoryIdempotencyKeys {
  private readonly rows = new Map<string, IdempotencyRow>();

  /** Why a commit recording `key` must not happen, or null when it may. */
  refusal(key: IdempotencyFirstUse | undefined): CommitResult | null {
    const record = key ? this.get(key.key, key.now) : null;
    return record ? { ok: false, reason: "idempotency_conflict", record } : null;
  }

  /** The commit's side: records the key's first use; `response` is already a frozen copy. */
  committed(key: IdempotencyFirstUse, response: IdempotentResponse): void {
    const { status, body, headers } = response;
    const { fingerprint, expiresAt } = key;
    this.rows.set(key.key, { fingerprint, expiresAt, status, body, headers });
  }

  /** Records the answer unless a live record holds the key (synchronous, hence atomic). */
  record(answer: IdempotencyAnswer): IdempotencyAnswerResult {
    const found = this.get(answer.key, answer.now);
    if (found) return { recorded: false, record: found };
    this.committed(answer, frozenCopy(answer.response));
    return { recorded: true };
  }

  /** The live record of `key` at `now`, or null. */
  get(key: string, now: number): IdempotencyRecordView | null {
    const row = this.rows.get(key);
    if (!row || row.expiresAt <= now) return null;
    const { status, body, headers } = row;
    return { fingerprint: row.fingerprint, response: { status, body, headers } };
  }

  /** Removes up to `limit` expired keys; returns how many. */
  purgeExpired(now: number, limit: number): number {
    let removed = 0;
    for (const [key, row] of this.rows) {
      if (removed >= limit) break;
      if (row.expiresAt <= now) {
        this.rows.delete(key);
        removed++;
      }
    }
    return removed;
  }
}
