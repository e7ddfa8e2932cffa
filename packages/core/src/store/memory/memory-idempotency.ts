/**
 * @module store/memory/memory-idempotency — the memory store's idempotency keys: each holds the
 * response to replay, recorded by a commit's first use or as a stored refusal.
 */
import { frozenCopy } from "../../util/deep-freeze";
import type {
  CommitResult,
  IdempotencyAnswer,
  IdempotencyAnswerResult,
  IdempotencyFirstUse,
  IdempotencyRecordView,
  IdempotentResponse,
} from "../types";

/** The response's parts kept in the row itself: one object less per key. */
interface IdempotencyRow {
  fingerprint: string;
  /** `expiresAt` minus the store's first one: see `MemoryIdempotencyKeys.epoch`. */
  expiresAfterEpoch: number;
  /** The response's, frozen: handed out as they are. */
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export class MemoryIdempotencyKeys {
  private readonly rows = new Map<string, IdempotencyRow>();
  /**
   * The first expiry time recorded. Rows keep theirs as an offset from it: a small whole number
   * is stored in the row itself, where a full epoch time would take a heap number per row.
   */
  private epoch: number | undefined;

  private expired(row: IdempotencyRow, now: number): boolean {
    return row.expiresAfterEpoch + this.epoch! <= now;
  }

  /** Why a commit recording `key` must not happen, or null when it may. */
  refusal(
    key: IdempotencyFirstUse | undefined,
  ): Extract<CommitResult, { reason: "idempotency_conflict" }> | null {
    const record = key ? this.get(key.key, key.now) : null;
    return record ? { ok: false, reason: "idempotency_conflict", record } : null;
  }

  /** The commit's side: records the key's first use; `response` is already a frozen copy. */
  committed(key: IdempotencyFirstUse, response: IdempotentResponse): void {
    const { status, body, headers } = response;
    this.epoch ??= key.expiresAt;
    const offset = key.expiresAt - this.epoch;
    // The difference of two epoch times is a heap number even when whole: `| 0` makes it a
    // small integer, kept only when it is the same value.
    const expiresAfterEpoch = (offset | 0) === offset ? offset | 0 : offset;
    this.rows.set(key.key, {
      fingerprint: key.fingerprint,
      expiresAfterEpoch,
      status,
      body,
      headers,
    });
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
    if (!row || this.expired(row, now)) return null;
    const { status, body, headers } = row;
    return { fingerprint: row.fingerprint, response: { status, body, headers } };
  }

  /** Removes up to `limit` expired keys; returns how many. */
  purgeExpired(now: number, limit: number): number {
    let removed = 0;
    for (const [key, row] of this.rows) {
      if (removed >= limit) break;
      if (this.expired(row, now)) {
        this.rows.delete(key);
        removed++;
      }
    }
    return removed;
  }

  /** Removes every key whose key or response, as JSON text, contains one of `needles`. */
  forget(needles: readonly string[]): number {
    if (needles.length === 0) return 0;
    let removed = 0;
    for (const [key, row] of this.rows) {
      const { status, body, headers } = row;
      const text = key + JSON.stringify({ status, body, headers });
      if (needles.some((needle) => text.includes(needle))) {
        this.rows.delete(key);
        removed++;
      }
    }
    return removed;
  }
}
