/** @module sql/insert-return — a return's first version; no row back when the id exists (`already_exists`). */
import type { SqlNames } from "../names";

export const insertReturn = (n: SqlNames) => `
INSERT INTO ${n.table("returns")} (id, version, state, customer_id, order_id, record, snapshot)
VALUES ($1, $2, $3, $4, $5, $6::json, $7::json)
ON CONFLICT (id) DO NOTHING
RETURNING id`;
