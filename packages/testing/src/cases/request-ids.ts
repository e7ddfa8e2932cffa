/**
 * @module testing/cases/request-ids — every response says which request it answered
 * (`Request-Id`), taken from the client when it is sane, and problem bodies say it too.
 */
import { describe, expect, it } from "vitest";
import type { ServeService } from "../http-client";

const LIST = "/v1/merchant/returns";
const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;
const FRESH_ID = /^req_[0-9A-HJKMNP-TV-Z]{26}$/;

export function describeRequestIds(serve: ServeService): void {
  describe("request ids", () => {
    it("request id - an incoming X-Request-Id is the response's Request-Id", async () => {
      const { send, merchant } = await serve();
      const id = "shop-7f3a:checkout/42";

      const listed = await send("GET", LIST, { token: merchant, headers: { "x-request-id": id } });
      const head = await send("HEAD", LIST, { token: merchant, headers: { "x-request-id": id } });

      expect(listed.status).toBe(200);
      expect(listed.headers.get("request-id")).toBe(id);
      expect(head.headers.get("request-id")).toBe(id);
    });

    it("request id - without X-Request-Id, the trace id of a valid traceparent", async () => {
      const { send, merchant } = await serve();

      const traced = await send("GET", LIST, {
        token: merchant,
        headers: { traceparent: TRACEPARENT },
      });
      const both = await send("GET", LIST, {
        token: merchant,
        headers: { traceparent: TRACEPARENT, "x-request-id": "mine" },
      });

      expect(traced.headers.get("request-id")).toBe(TRACE_ID);
      expect(both.headers.get("request-id")).toBe("mine");
    });

    it("request id - otherwise a fresh req_ id per request, also for documents", async () => {
      const { send, merchant } = await serve();
      const invalidTrace = `00-${"0".repeat(32)}-00f067aa0ba902b7-01`;

      const first = await send("GET", LIST, { token: merchant });
      const second = await send("GET", LIST, {
        token: merchant,
        headers: { traceparent: invalidTrace },
      });
      const document = await send("GET", "/v1/openapi.json");

      const ids = [first, second, document].map((res) => res.headers.get("request-id"));
      for (const id of ids) expect(id).toMatch(FRESH_ID);
      expect(new Set(ids).size).toBe(3);
    });

    // Control characters cannot cross a real HTTP hop (clients and node refuse them): the core's
    // own tests send them to the handler directly.
    it("request id - a hostile X-Request-Id (too long, blanks, tabs, non-ASCII) is replaced", async () => {
      const { send, merchant } = await serve();
      const hostile = ["a".repeat(201), "two words", "tab\there", "caf\u00e9"];

      for (const value of hostile) {
        const res = await send("GET", LIST, {
          token: merchant,
          headers: { "x-request-id": value },
        });
        expect(res.status, JSON.stringify(value)).toBe(200);
        expect(res.headers.get("request-id"), JSON.stringify(value)).toMatch(FRESH_ID);
      }
      const longest = "b".repeat(200);
      const kept = await send("GET", LIST, {
        token: merchant,
        headers: { "x-request-id": longest },
      });
      expect(kept.headers.get("request-id")).toBe(longest);
    });

    it("request id - a problem body carries request_id, the same as its Request-Id", async () => {
      const { send } = await serve();

      const unauthenticated = await send("GET", LIST, {
        token: null,
        headers: { "x-request-id": "support-ticket-9" },
      });
      const unknownPath = await send("GET", "/v1/nowhere");

      expect(unauthenticated.status).toBe(401);
      expect(unauthenticated.json.request_id).toBe("support-ticket-9");
      expect(unauthenticated.headers.get("request-id")).toBe("support-ticket-9");
      expect(unknownPath.status).toBe(404);
      expect(unknownPath.json.request_id).toMatch(FRESH_ID);
      expect(unknownPath.json.request_id).toBe(unknownPath.headers.get("request-id"));
    });

    it("request id - a mounted handler's responses carry it too, even one with immutable headers", async () => {
      const { service, mounted } = await serve();
      const base = new URL(service.baseUrl).pathname.replace(/\/$/, "");
      service.mount("/pong", async () => new Response("pong"));
      service.mount("/moved", async () => Response.redirect("https://shop.example/elsewhere", 302));

      const pong = await mounted.request(`${base}/pong`, { headers: { "x-request-id": "p-1" } });
      const moved = await mounted.request(`${base}/moved`, { redirect: "manual" });

      expect(await pong.text()).toBe("pong");
      expect(pong.headers.get("request-id")).toBe("p-1");
      expect(moved.status).toBe(302);
      expect(moved.headers.get("location")).toBe("https://shop.example/elsewhere");
      expect(moved.headers.get("request-id")).toMatch(FRESH_ID);
    });
  });
}
