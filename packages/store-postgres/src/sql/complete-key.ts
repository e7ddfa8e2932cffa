/** @module sql/complete-key — the response of a key claimed under the token `$2`; no row back if the claim was lost. */
import type { SqlNames } from "../names";

export const completeKey = (n: SqlNames) => `
UPDATE ${n.table("idempotency_keys")}
SET state = 'completed', response = $3::json, expires_at = $4
WHERE key = $1 AND token = $2 AND state = 'in_progress'
RETURNING key`;
