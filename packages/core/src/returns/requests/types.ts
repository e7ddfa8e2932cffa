/**
 * @module returns/requests/types — what the return request operations run with: the write
 * path's dependencies plus the request's own (schemas, idempotency, its write targets).
 */
import type { ReturnMethod } from "../../domain/return-methods";
import type { ReturnSchemas } from "../../domain/schemas";
import type { IdempotencyEngine } from "../idempotency/engine";
import type { RequestTargets } from "../types";
import type { WritePathDeps } from "../write-path";

export interface RequestWriteDeps extends WritePathDeps {
  schemas: ReturnSchemas;
  idempotency: IdempotencyEngine;
  ready: () => Promise<void>;
  baseUrl: string;
  requestTargets: RequestTargets;
  /** The return methods the shop offers. */
  returnMethods: readonly ReturnMethod[];
}
