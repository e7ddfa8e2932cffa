/** @module sql/record-first-use — a key's answer, inserted if the key is absent or expired. */
import type { SqlNames } from "../names";

/**
 * Inserts the key `$1` (fingerprint `$2`, expiry `$4`, response `$5`), or replaces a row
 * expired at `$3`. Concurrent inserts of one key queue on it, and each re-checks the WHERE
 * against what the previous one committed: one records. `gate`, a FROM clause, inserts only
 * for the rows it yields (write-return's: once the return is written).
 */
export const insertKey = (n: SqlNames, gate = "") => `
INSERT INTO ${n.table("idempotency_keys")} AS k (key, fingerprint, expires_at, response)
SELECT $1::text, $2::text, $4::bigint, $5::json ${gate}
ON CONFLICT (key) DO UPDATE
  SET fingerprint = excluded.fingerprint, expires_at = excluded.expires_at,
      response = excluded.response
  WHERE k.expires_at <= $3
RETURNING key`;

export const recordFirstUse = (n: SqlNames) => insertKey(n);
