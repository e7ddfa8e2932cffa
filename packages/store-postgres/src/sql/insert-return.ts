/** @module sql/insert-return — a return's first version; no row back when the id exists (`already_exists`). */
import type { SqlNames } from "../names";

/** Parameters from `$6`: write-return puts the key's first. */
export const insertReturn = (n: SqlNames) => `
INSERT INTO ${n.table("returns")} (id, version, state, customer_id, order_id, record, snapshot)
VALUES ($6, $7, $8, $9, $10, $11::json, $12::json)
ON CONFLICT (id) DO NOTHING
RETURNING id`;
