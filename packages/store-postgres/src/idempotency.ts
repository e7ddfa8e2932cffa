/**
 * @module idempotency — keys claimed, completed and released by token. A claim is one
 * `INSERT … ON CONFLICT DO UPDATE … WHERE <lapsed>`: concurrent claims queue on the key and
 * each re-checks the WHERE against what the previous one committed, so exactly one wins.
 */
import type {
  IdempotencyClaim,
  IdempotencyClaimRequest,
  IdempotencyCompletion,
} from "@returnkit/core";
import type { StoreContext } from "./context";
import { type KeyRecordRow, toKeyRecord } from "./rows";
import { completeKey } from "./sql/complete-key";
import { keyLapsed } from "./sql/record-first-use";
import { selectKey } from "./sql/select-key";

/** A claim that found a row which vanished before it could be read (released, purged) tries again. */
const CLAIM_ATTEMPTS = 5;

export async function claimIdempotencyKey(
  ctx: StoreContext,
  request: IdempotencyClaimRequest,
): Promise<IdempotencyClaim> {
  const table = ctx.names.table("idempotency_keys");
  const { key } = request;
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    // Web Crypto, not node:crypto: PGlite also runs in browsers, Deno and workers.
    const token = `idk_${crypto.randomUUID().replaceAll("-", "")}`;
    const claimed = await ctx.db.query(
      `INSERT INTO ${table} AS k (key, fingerprint, state, token, locked_until, expires_at)
       VALUES ($1, $2, 'in_progress', $3, $4, $5)
       ON CONFLICT (key) DO UPDATE
         SET fingerprint = excluded.fingerprint, state = 'in_progress', token = excluded.token,
             locked_until = excluded.locked_until, expires_at = excluded.expires_at,
             response = NULL
         WHERE ${keyLapsed("k", "$6")}
       RETURNING k.token`,
      [key, request.fingerprint, token, request.lockedUntil, request.expiresAt, request.now],
    );
    if (claimed.length > 0) return { claimed: true, token };
    // Not claimed: the row exists and holds. A new statement sees it even if it was
    // committed after the INSERT's snapshot was taken.
    const [row] = await ctx.db.query<KeyRecordRow>(selectKey(ctx.names), [key], { read: true });
    if (row) return { claimed: false, record: toKeyRecord(row) };
  }
  throw new Error(`claimIdempotencyKey: ${key} kept changing under ${CLAIM_ATTEMPTS} attempts`);
}

export async function completeIdempotencyKey(
  ctx: StoreContext,
  { key, token, response, expiresAt }: IdempotencyCompletion,
): Promise<boolean> {
  const values = [key, token, JSON.stringify(response), expiresAt];
  return (await ctx.db.query(completeKey(ctx.names), values)).length > 0;
}

export async function releaseIdempotencyKey(
  ctx: StoreContext,
  key: string,
  token: string,
): Promise<void> {
  await ctx.db.query(
    `DELETE FROM ${ctx.names.table("idempotency_keys")} WHERE key = $1 AND token = $2 AND state = 'in_progress'`,
    [key, token],
  );
}
