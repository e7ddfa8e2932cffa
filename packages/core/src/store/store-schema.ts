/**
 * @module store/store-schema — the `store` option: an object with every method the service
 * and the dispatcher call, so a half-implemented or mistaken store fails at construction
 * rather than on the first request that needs the missing method.
 */
import { z } from "zod";
import type { ReturnsStore } from "./types";

type OptionalMember =
  | "name"
  | "init"
  | "close"
  | "health"
  | "nextDeliveryDueAt"
  | "onDeliveriesCreated"
  | "nextTimerDueAt";

// A record rather than an array so that the compiler insists on every required method.
const REQUIRED: Record<Exclude<keyof ReturnsStore, OptionalMember>, true> = {
  getReturn: true,
  listReturns: true,
  commit: true,
  commitMany: true,
  returnedQuantities: true,
  recordIdempotencyAnswer: true,
  getIdempotencyRecord: true,
  saveEndpoint: true,
  listEndpoints: true,
  getEndpoint: true,
  writeEndpoint: true,
  removeEndpoint: true,
  disableEndpoint: true,
  claimDeliveries: true,
  recordDeliveryAttempt: true,
  redeliver: true,
  listDeliveries: true,
  listEvents: true,
  purge: true,
  fitInsights: true,
  fitSummary: true,
  claimDueTimers: true,
  dropTimer: true,
  listTimers: true,
  eraseReturns: true,
  forgetIdempotencyRecords: true,
  setJobTimer: true,
  clearJobTimer: true,
};
const OPTIONAL_METHODS = [
  "init",
  "close",
  "health",
  "nextDeliveryDueAt",
  "onDeliveriesCreated",
  "nextTimerDueAt",
] as const;

/** What is wrong with `value` as a store, or null when nothing is. */
function storeDefects(value: unknown): string | null {
  if (value === null || typeof value !== "object") return "";
  const store = value as Record<string, unknown>;
  const missing = Object.keys(REQUIRED).filter((method) => typeof store[method] !== "function");
  const wrong = OPTIONAL_METHODS.filter(
    (method) => store[method] !== undefined && typeof store[method] !== "function",
  );
  if (typeof store.name !== "string") missing.unshift("name (a string)");
  const defects = [
    missing.length ? `missing ${missing.join(", ")}` : "",
    wrong.length ? `${wrong.join(", ")} not functions` : "",
  ].filter(Boolean);
  return defects.length ? defects.join("; ") : null;
}

/** A `ReturnsStore`, checked for its methods; the host's instance itself is kept. */
export const storeSchema = z.custom<ReturnsStore>().superRefine((value, ctx) => {
  const defects = storeDefects(value);
  if (defects === null) return;
  ctx.addIssue({
    code: "custom",
    message: `expected a returnkit store (memoryStore(), postgresStore(…))${defects ? `: ${defects}` : ""}`,
  });
});
