/**
 * @module sql/claim-rma — a return request's RMA number, claimed inside its commit: no row
 * comes back when another request holds the code (a concurrent claim waits for the other
 * transaction, then finds it taken).
 */
import type { SqlNames } from "../names";

/** $1: the code, $2: the request id. */
export const claimRma = (n: SqlNames) =>
  `INSERT INTO ${n.table("rma_numbers")} (rma, request_id) VALUES ($1, $2)
   ON CONFLICT (rma) DO NOTHING RETURNING rma`;

/** $1: the code. */
export const selectRmaRequest = (n: SqlNames) =>
  `SELECT request_id FROM ${n.table("rma_numbers")} WHERE rma = $1`;
