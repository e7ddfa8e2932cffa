/**
 * @module sql/update-return — a return's next version if the stored one is still `$8`; an
 * UPDATE that waited on the row re-checks that against what committed meanwhile.
 */
import type { SqlNames } from "../names";

export const updateReturn = (n: SqlNames) => `
UPDATE ${n.table("returns")}
SET version = $2, state = $3, customer_id = $4, order_id = $5, record = $6::json,
    snapshot = $7::json, updated_at = now()
WHERE id = $1 AND version = $8
RETURNING id`;
