/** @module sql/record-keys — keys' answers, each inserted if its key is absent or expired at `$3`. */
import type { SqlNames } from "../names";
import { jsonArrayOf } from "./json-documents";

/**
 * Concurrent inserts of one key queue on it, and each re-checks the WHERE against what the
 * previous one committed: one records. A key that gives no row back is held by a live answer.
 */
export const recordKeys = (n: SqlNames) => `
INSERT INTO ${n.table("idempotency_keys")} AS k (key, fingerprint, expires_at, response)
SELECT * FROM unnest($1::text[], $2::text[], $4::bigint[], ${jsonArrayOf("$5")})
ON CONFLICT (key) DO UPDATE
  SET fingerprint = excluded.fingerprint, expires_at = excluded.expires_at,
      response = excluded.response
  WHERE k.expires_at <= $3
RETURNING key`;
