/** @module sql/record-first-use — a key's answer, inserted if the key is absent or expired. */
import type { SqlNames } from "../names";

/**
 * Inserts the key, or replaces a row expired at `$3`. Concurrent inserts of one key queue on
 * it, and each re-checks the WHERE against what the previous one committed: one records.
 */
export const recordFirstUse = (n: SqlNames) => `
INSERT INTO ${n.table("idempotency_keys")} AS k (key, fingerprint, expires_at, response)
VALUES ($1, $2, $4, $5::json)
ON CONFLICT (key) DO UPDATE
  SET fingerprint = excluded.fingerprint, expires_at = excluded.expires_at,
      response = excluded.response
  WHERE k.expires_at <= $3
RETURNING key`;
