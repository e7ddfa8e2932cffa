/**
 * @module sql/claim-rma — which request holds an RMA number (claimed inside a request's commit,
 * by `insert-events`).
 */
import type { SqlNames } from "../names";

/** $1: the code. */
export const selectRmaRequest = (n: SqlNames) =>
  `SELECT request_id FROM ${n.table("rma_numbers")} WHERE rma = $1`;
