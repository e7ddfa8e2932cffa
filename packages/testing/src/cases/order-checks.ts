/**
 * @module testing/cases/order-checks — a return checked against the shop's order over HTTP,
 * rule by rule in the documented order, on create, update and submit. Run by the HTTP suite
 * (every way of mounting) and by the store conformance suite (every store), so the quantity
 * a store counts and the limit it enforces in its commit are checked where they live.
 */

import { describe } from "vitest";
import type { ServeService } from "../http-client";
import { describeExchangeOffers } from "./exchange-offers";
import { describeOrderLineRules } from "./order-line-rules";
import { describeOrderLookups } from "./order-lookups";
import { describeOrderRechecks } from "./order-rechecks";

export function describeOrderChecks(serve: ServeService): void {
  describe("returns checked against the shop's order", () => {
    describeOrderLookups(serve);
    describeOrderLineRules(serve);
    describeOrderRechecks(serve);
    describeExchangeOffers(serve);
  });
}
