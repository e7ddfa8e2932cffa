/**
 * @module idempotency — idempotency keys: an atomic claim, completion and release by token.
 *
 * The claim is one `INSERT … ON CONFLICT DO UPDATE … WHERE <expired or stale lease>`: the
 * unique key makes concurrent claims queue on one row, and each re-checks the WHERE against
 * the row the previous one committed, so exactly one wins. Never check-then-insert.
 */
import type {
  IdempotencyClaim,
  IdempotencyClaimRequest,
  IdempotencyCompletion,
  IdempotencyRecordView,
} from "@returnkit/core";
import type { StoreContext } from "./context";
import { joinRecord, type KeyRecordRow, keyRecordColumns, toKeyRecord } from "./rows";

/**
 * SQL true when the key row `alias` no longer answers its key at `now` (a parameter): it
 * expired, or it is an `in_progress` claim whose lease ran out. Claims and a commit's first
 * use take such a row over, and only such a row.
 */
export function keyTakeoverCondition(alias: string, now: string): string {
  return `(${alias}.expires_at <= ${now} OR (${alias}.state = 'in_progress' AND ${alias}.locked_until <= ${now}))`;
}

/** SET list that forgets a key row's response template and its record (migration 002). */
const NO_TEMPLATE = "response_template = NULL, return_id = NULL, record_version = NULL";
/** SET list that forgets a key row's response, whole or as a template. */
const NO_RESPONSE = `response = NULL, ${NO_TEMPLATE}`;

/** A claim that found a row which vanished before it could be read (released, purged) tries again. */
const CLAIM_ATTEMPTS = 5;

export async function claimIdempotencyKey(
  ctx: StoreContext,
  request: IdempotencyClaimRequest,
): Promise<IdempotencyClaim> {
  const table = ctx.names.table("idempotency_keys");
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    // Web Crypto, not node:crypto: PGlite also runs in browsers, Deno and workers.
    const token = `idk_${crypto.randomUUID().replaceAll("-", "")}`;
    const claimed = await ctx.db.query(
      `INSERT INTO ${table} AS k (key, fingerprint, state, token, locked_until, expires_at)
       VALUES ($1, $2, 'in_progress', $3, $4, $5)
       ON CONFLICT (key) DO UPDATE
         SET fingerprint = excluded.fingerprint, state = 'in_progress', token = excluded.token,
             locked_until = excluded.locked_until, expires_at = excluded.expires_at,
             ${NO_RESPONSE}
         WHERE ${keyTakeoverCondition("k", "$6")}
       RETURNING k.token`,
      [
        request.key,
        request.fingerprint,
        token,
        request.lockedUntil,
        request.expiresAt,
        request.now,
      ],
    );
    if (claimed.rows.length > 0) return { claimed: true, token };
    // Not claimed: the row exists and holds. A new statement sees it even if it was
    // committed after the INSERT's snapshot was taken.
    const record = await readIdempotencyKey(ctx, request.key);
    if (record) return { claimed: false, record };
  }
  throw new Error(
    `claimIdempotencyKey: ${request.key} kept changing under ${CLAIM_ATTEMPTS} attempts`,
  );
}

/** The key's record as it stands now, or null when there is none. */
export async function readIdempotencyKey(
  ctx: StoreContext,
  key: string,
): Promise<IdempotencyRecordView | null> {
  const { rows } = await ctx.db.query<KeyRecordRow>(
    `SELECT ${keyRecordColumns("k", "rv")}
     FROM ${ctx.names.table("idempotency_keys")} k
     ${joinRecord(ctx.names, "rv", "k.return_id", "k.record_version")}
     WHERE k.key = $1`,
    [key],
    { read: true },
  );
  return rows[0] ? toKeyRecord(rows[0]) : null;
}

export async function completeIdempotencyKey(
  ctx: StoreContext,
  completion: IdempotencyCompletion,
): Promise<boolean> {
  const { rows } = await ctx.db.query(
    `UPDATE ${ctx.names.table("idempotency_keys")}
     SET state = 'completed', expires_at = $4, response = $3::json, ${NO_TEMPLATE}
     WHERE key = $1 AND token = $2 AND state = 'in_progress'
     RETURNING key`,
    [completion.key, completion.token, JSON.stringify(completion.response), completion.expiresAt],
  );
  return rows.length > 0;
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
