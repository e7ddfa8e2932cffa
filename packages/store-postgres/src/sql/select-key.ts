/** @module sql/select-key — an idempotency key's record as another request left it. */
import type { SqlNames } from "../names";

export const selectKey = (n: SqlNames) => `
SELECT state, fingerprint, response FROM ${n.table("idempotency_keys")} WHERE key = $1`;
