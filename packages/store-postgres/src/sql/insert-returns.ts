/**
 * @module sql/insert-returns — returns' first versions, one per array element (see
 * `returnColumns`); an id that exists gives no row back (`already_exists`).
 */
import type { SqlNames } from "../names";
import { jsonArrayOf } from "./json-documents";

export const insertReturns = (n: SqlNames) => `
INSERT INTO ${n.table("returns")}
  (id, version, state, customer_id, order_id, request_id, record, snapshot)
SELECT * FROM unnest($1::text[], $2::integer[], $3::text[], $4::text[], $5::text[], $6::text[],
                     ${jsonArrayOf("$7")}, ${jsonArrayOf("$8")})
ON CONFLICT (id) DO NOTHING
RETURNING id`;
