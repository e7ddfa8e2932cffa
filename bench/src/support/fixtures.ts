/**
 * @module bench/support/fixtures — the return and callers every service benchmark uses, so
 * the benches measure the same work.
 */
import type { MerchantEvent, OperationContext } from "@returnkit/core";
import { validCreate } from "@returnkit/testing";

/** The HTTP suite's create body, a fit-reason exchange: the most work a transition does. */
export const CREATE = validCreate;

/** Bodies of the merchant events that store something. */
export const BODIES: Partial<Record<MerchantEvent, object>> = {
  ship: { carrier: "DHL", tracking_number: "JD0001" },
  grade: { condition: "LIKE_NEW", disposition: "RESTOCK" },
};

export const portalPrincipal = (id = "customer-1"): OperationContext["principal"] => ({
  kind: "portal",
  id,
  scopes: ["portal:returns.write"],
});

export const merchant: OperationContext["principal"] = {
  kind: "merchant",
  id: "backoffice",
  scopes: ["merchant:returns.write"],
};

/** The one customer the in-process benches act for. */
export const portal = portalPrincipal();
