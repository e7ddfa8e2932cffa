/**
 * @module store/memory-idempotency — the memory store's idempotency keys: claimed under a
 * token, completed with the response to replay, or recorded completed by a commit's first use.
 */
import { newPrefixedId } from "../ids";
import { deepFreeze } from "./deep-freeze";
import type {
  CommitResult,
  IdempotencyClaim,
  IdempotencyClaimRequest,
  IdempotencyCompletion,
  IdempotencyFirstUse,
  IdempotencyRecordView,
  IdempotentResponse,
} from "./types";

interface IdempotencyRow {
  fingerprint: string;
  state: "in_progress" | "completed";
  token: string;
  lockedUntil: number;
  expiresAt: number;
  response?: IdempotentResponse;
}

type CommitKey = IdempotencyCompletion | IdempotencyFirstUse;

export class MemoryIdempotencyKeys {
  private readonly rows = new Map<string, IdempotencyRow>();

  /** Why a commit carrying `key` must not happen, or null when it may. */
  refusal(key: CommitKey | undefined): CommitResult | null {
    if (key?.token !== undefined) {
      const row = this.rows.get(key.key);
      if (row?.state !== "in_progress" || row.token !== key.token)
        return { ok: false, reason: "idempotency_lost" };
    } else if (key) {
      const row = this.rows.get(key.key);
      if (row && isLive(row, key.now))
        return { ok: false, reason: "idempotency_conflict", record: view(row) };
    }
    return null;
  }

  /** The commit's side: completes the claimed key or records its first use, completed. */
  committed(key: CommitKey, response: IdempotentResponse): void {
    if (key.token !== undefined) this.complete({ ...key, response });
    else {
      this.rows.set(key.key, {
        fingerprint: key.fingerprint,
        state: "completed",
        token: "",
        lockedUntil: key.now,
        expiresAt: key.expiresAt,
        response,
      });
    }
  }

  claim(request: IdempotencyClaimRequest): IdempotencyClaim {
    const row = this.rows.get(request.key);
    if (row && isLive(row, request.now)) return { claimed: false, record: view(row) };
    const token = newPrefixedId("idk");
    this.rows.set(request.key, {
      fingerprint: request.fingerprint,
      state: "in_progress",
      token,
      lockedUntil: request.lockedUntil,
      expiresAt: request.expiresAt,
    });
    return { claimed: true, token };
  }

  /** Completes a claim still held under its token; false when it is not. */
  completeClaimed(completion: IdempotencyCompletion): boolean {
    const row = this.rows.get(completion.key);
    if (row?.state !== "in_progress" || row.token !== completion.token) return false;
    this.complete({ ...completion, response: deepFreeze(structuredClone(completion.response)) });
    return true;
  }

  release(key: string, token: string): void {
    const row = this.rows.get(key);
    if (row && row.state === "in_progress" && row.token === token) this.rows.delete(key);
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

  /** Stores a completion; its response must already be a frozen copy the caller cannot reach. */
  private complete(completion: IdempotencyCompletion) {
    const row = this.rows.get(completion.key)!;
    this.rows.set(completion.key, {
      ...row,
      state: "completed",
      response: completion.response,
      expiresAt: completion.expiresAt,
    });
  }
}

/** Neither expired nor an `in_progress` claim whose lease ran out: it still answers its key. */
function isLive(row: IdempotencyRow, now: number): boolean {
  return row.expiresAt > now && (row.state === "completed" || row.lockedUntil > now);
}

function view(row: IdempotencyRow): IdempotencyRecordView {
  return row.state === "completed"
    ? { state: "completed", fingerprint: row.fingerprint, response: row.response! }
    : { state: "in_progress", fingerprint: row.fingerprint };
}
