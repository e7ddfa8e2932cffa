import { describe, expect, it } from "vitest";
import { createRouter } from "./router";
import type { RouteDefinition } from "./routes";

const route = (method: RouteDefinition["method"], path: string): RouteDefinition => ({
  operationId: `${method} ${path}`,
  method,
  path,
  caller: "portal",
  access: method === "GET" ? "read" : "write",
  summary: path,
  handler: () => Promise.reject(new Error("the router only matches")),
});

const match = createRouter([
  route("GET", "/v1/portal/returns/{id}"),
  // A lifecycle event's route: only these make `…/{id}/{event}` an event path.
  { ...route("POST", "/v1/portal/returns/{id}/submit"), event: "submit" },
  route("GET", "/v1/portal/orders/{order_id}/returnable"),
]);

describe("router", () => {
  it("match - an id decoding to a dot segment or holding a separator matches no route", () => {
    for (const id of ["%2e", "%2E%2e", ".", "..", "a%2Fb", "%2f", "a%5Cb", "a\\b"]) {
      expect(match("GET", `/v1/portal/returns/${id}`), id).toEqual({ kind: "none" });
      expect(match("POST", `/v1/portal/returns/${id}/submit`), id).toEqual({ kind: "none" });
      expect(match("POST", `/v1/portal/returns/${id}/nope`), id).toEqual({ kind: "none" });
      expect(match("POST", `/v1/portal/returns/ret_1/${id}`), id).toEqual({ kind: "none" });
    }
  });

  it("match - ids and events are decoded, dots inside a name are fine", () => {
    expect(match("GET", "/v1/portal/returns/ret%5F1")).toMatchObject({
      kind: "route",
      params: { id: "ret_1" },
    });
    expect(match("GET", "/v1/portal/returns/a..b")).toMatchObject({ params: { id: "a..b" } });
    expect(match("POST", "/v1/portal/returns/ret_1/n%6Fpe")).toEqual({
      kind: "unknown-event",
      caller: "portal",
      id: "ret_1",
      event: "nope",
    });
  });

  it("match - an unknown event with another method than the events' is a 405 naming it", () => {
    for (const method of ["GET", "HEAD", "PATCH", "DELETE"]) {
      expect(match(method, "/v1/portal/returns/ret_1/nope"), method).toEqual({
        kind: "method-not-allowed",
        allowed: ["POST"],
      });
    }
  });

  it("match - any named parameter is decoded and checked like an id", () => {
    expect(match("GET", "/v1/portal/orders/ord%231001/returnable")).toMatchObject({
      kind: "route",
      params: { order_id: "ord#1001" },
    });
    for (const id of ["%2e%2E", "..", "a%2Fb", "a%5Cb"]) {
      expect(match("GET", `/v1/portal/orders/${id}/returnable`), id).toEqual({ kind: "none" });
    }
  });

  it("match - a route with another parameter is no place to send events", () => {
    expect(match("POST", "/v1/portal/orders/ord_1/refund")).toEqual({ kind: "none" });
    expect(match("POST", "/v1/portal/returns/ret_1/nope")).toMatchObject({
      kind: "unknown-event",
    });
  });
});

describe("router, a literal segment beside a parameter", () => {
  const requests = createRouter([
    route("GET", "/v1/portal/return-requests/{id}"),
    { ...route("POST", "/v1/portal/return-requests/estimate"), access: "read" },
  ]);

  it("match - the literal route is the path's, so another method is a 405 naming its own", () => {
    expect(requests("POST", "/v1/portal/return-requests/estimate")).toMatchObject({
      kind: "route",
      params: {},
    });
    for (const method of ["GET", "HEAD", "PATCH"]) {
      expect(requests(method, "/v1/portal/return-requests/estimate"), method).toEqual({
        kind: "method-not-allowed",
        allowed: ["POST"],
      });
    }
    expect(requests("GET", "/v1/portal/return-requests/rrq_1")).toMatchObject({
      kind: "route",
      params: { id: "rrq_1" },
    });
  });
});
