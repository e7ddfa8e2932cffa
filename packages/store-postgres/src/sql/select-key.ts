/** @module sql/select-key — an idempotency key's record if it is live at `$2`. */
import type { SqlNames } from "../names";

export const selectKey = (n: SqlNames) => `
SELECT fingerprint, response FROM ${n.table("idempotency_keys")}
WHERE key = $1 AND expires_at > $2`;
