/**
 * @module sql/update-return — a return's next version if the stored one is still `$13`; an
 * UPDATE that waited on the row re-checks that against what committed meanwhile.
 */
import type { SqlNames } from "../names";

/** Parameters from `$6`: write-return puts the key's first. */
export const updateReturn = (n: SqlNames) => `
UPDATE ${n.table("returns")}
SET version = $7, state = $8, customer_id = $9, order_id = $10, record = $11::json,
    snapshot = $12::json, updated_at = now()
WHERE id = $6 AND version = $13
RETURNING id`;
