import { makeStoredReturn } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import { allowedEventsIn } from "../domain/machine";
import type { Principal } from "../domain/principal";
import { createReturnSchemas } from "../domain/schemas";
import { type LinkContext, renderReturn } from "./links";
import { buildRoutes } from "./routes";

const routes = buildRoutes(createReturnSchemas());
const context = (baseUrl: string): LinkContext => ({
  baseUrl,
  routes,
  allowedEvents: (record, principal) => allowedEventsIn(record.state, principal.kind),
});
const customer: Principal = { kind: "portal", id: "user-42", scopes: ["portal:returns.write"] };
const merchant: Principal = { kind: "merchant", id: "ops", scopes: ["merchant:returns.write"] };

describe("renderReturn templates", () => {
  it("fills each return's own id into templates prepared once per state and caller", () => {
    const links = context("https://shop.example/returns");
    const one = renderReturn(makeStoredReturn({ id: "ret_one" }).record, customer, links);
    const two = renderReturn(makeStoredReturn({ id: "ret_two" }).record, customer, links);
    expect(Object.keys(one._templates)).toEqual(allowedEventsIn("draft", "portal"));
    expect(one._templates.submit?.target).toBe(
      "https://shop.example/returns/v1/portal/returns/ret_one/submit",
    );
    expect(two._templates.submit?.target).toBe(
      "https://shop.example/returns/v1/portal/returns/ret_two/submit",
    );
    // The parts that do not depend on the return are the same objects, not rebuilt.
    expect(two._templates.submit?.schema).toBe(one._templates.submit?.schema);
    expect(two._templates.submit?.requiredScopes).toBe(one._templates.submit?.requiredScopes);
    expect(one._links.self?.href).toBe("https://shop.example/returns/v1/portal/returns/ret_one");
  });

  it("prepares templates apart for each caller and each mount", () => {
    const record = makeStoredReturn({ id: "ret_one" }).record;
    const here = renderReturn(record, customer, context("https://a.example"));
    const there = renderReturn(record, customer, context("https://b.example/rk"));
    expect(there._templates.submit?.target).toBe(
      "https://b.example/rk/v1/portal/returns/ret_one/submit",
    );
    expect(there._templates.submit?.schema).not.toBe(here._templates.submit?.schema);
    const asMerchant = renderReturn(record, merchant, context("https://a.example"));
    expect(Object.keys(asMerchant._templates)).toEqual(allowedEventsIn("draft", "merchant"));
    expect(asMerchant._links.collection?.href).toBe("https://a.example/v1/merchant/returns");
  });
});

describe("renderReturn grade template", () => {
  it("offers accepted_quantity, pre-filled with the return's quantity and bounded by it", () => {
    const record = makeStoredReturn({
      id: "ret_one",
      state: "received",
      line: { sku: "TEE-BLK", quantity: 3, size: "M" },
    }).record;
    const rendered = renderReturn(record, merchant, context("https://a.example"));
    expect(rendered._templates.grade?.properties).toEqual([
      { name: "accepted_quantity", value: 3, min: 0, max: 3 },
    ]);
    expect(rendered._templates.grade?.schema.href).toBe(
      "https://a.example/v1/openapi.json#/components/requestBodies/GradeReturn/content/application~1json/schema",
    );
    // Templates of events without a form of their own carry none.
    const draft = renderReturn(makeStoredReturn().record, customer, context("https://a.example"));
    expect(draft._templates.submit?.properties).toBeUndefined();
  });
});
