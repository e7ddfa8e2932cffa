import { testAuthenticate, testToken } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import { createReturnsService } from "../service";
import { isSaneRequestId, requestIdFor, traceIdOf } from "./request-ids";

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

describe("request ids", () => {
  it("traceIdOf - takes a valid W3C traceparent's trace id and nothing else", () => {
    expect(traceIdOf(`00-${TRACE_ID}-00f067aa0ba902b7-01`)).toBe(TRACE_ID);
    // A later version may append fields; version 00 may not.
    expect(traceIdOf(`01-${TRACE_ID}-00f067aa0ba902b7-01-more`)).toBe(TRACE_ID);
    for (const invalid of [
      `00-${TRACE_ID}-00f067aa0ba902b7-01-more`,
      `ff-${TRACE_ID}-00f067aa0ba902b7-01`,
      `00-${"0".repeat(32)}-00f067aa0ba902b7-01`,
      `00-${TRACE_ID}-${"0".repeat(16)}-01`,
      `00-${TRACE_ID.toUpperCase()}-00f067aa0ba902b7-01`,
      `00-${TRACE_ID}-00f067aa0ba902b7`,
      "",
      null,
    ]) {
      expect(traceIdOf(invalid), String(invalid)).toBeNull();
    }
  });

  it("isSaneRequestId - 1 to 200 visible ASCII characters", () => {
    expect(isSaneRequestId("a")).toBe(true);
    expect(isSaneRequestId("x".repeat(200))).toBe(true);
    expect(isSaneRequestId("!~{}[]<>\"'\\")).toBe(true);
    for (const bad of ["", "x".repeat(201), "a b", "a\tb", "a\x01b", "a\x7fb", "é", 42, null]) {
      expect(isSaneRequestId(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it("requestIdFor - a fresh req_ id when neither header can serve", () => {
    const id = requestIdFor(new Headers({ "x-request-id": "a\x01b", traceparent: "nonsense" }));
    expect(id).toMatch(/^req_[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it("service.fetch - an X-Request-Id with control characters is replaced, and the request still served", async () => {
    const service = createReturnsService({ auth: { authenticate: testAuthenticate } });
    const request = new Request("http://localhost/v1/merchant/returns", {
      headers: { authorization: testToken("merchant", "bo"), "x-request-id": "evil\x01\x1b[31m" },
    });

    const response = await service.fetch(request);

    expect(response.status).toBe(200);
    expect(response.headers.get("request-id")).toMatch(/^req_[0-9A-HJKMNP-TV-Z]{26}$/);
    await service.close();
  });
});
