/**
 * @module testing/http-cases/guests — a guest without an account finds an order by its number
 * and email or postcode (`POST /v1/portal/guest-sessions`) and returns from it with the token
 * it gets; a wrong pair and an unknown number get the same bytes; lookups are rate-limited.
 */
import { describe, expect, it } from "vitest";
import { T0 } from "../fixtures";
import type { ServeService, SuiteClient } from "../http-client";
import { storeContents } from "../http-client";
import { ORDER, OTHERS_ORDER, orderBook } from "../order-fixtures";

const SESSIONS = "/v1/portal/guest-sessions";
const SECRET = "the conformance suite's guest secret";
const returnablePath = (orderId: string) => `/v1/portal/orders/${orderId}/returnable`;

function serveGuests(serve: ServeService, limits?: { perOrderNumber?: number }) {
  return serve({
    orders: { source: orderBook() },
    clock: () => T0,
    guests: { secret: SECRET, ttlSeconds: 900, ...(limits ? { limits } : {}) },
  });
}

/** Status, headers and body of an answer, without the request's own id (it differs by design). */
function comparable(res: Awaited<ReturnType<SuiteClient["send"]>>) {
  const headers = [...res.headers].filter(([name]) => name !== "request-id" && name !== "date");
  return { status: res.status, headers, body: res.text.replace(/"request_id":"[^"]*"/, "") };
}

export function describeGuestsOverHttp(serve: ServeService): void {
  describe("guests find an order by number and email or postcode", () => {
    it("guests - the right pair gets a token that returns from that order, and from no other", async () => {
      const { send } = await serveGuests(serve);
      const found = await send("POST", SESSIONS, {
        token: null,
        body: { order_number: "#5001", email: " Ada@Example.com " },
      });
      expect(found.status, found.text).toBe(201);
      expect(found.json).toMatchObject({ object: "guest_session", order_id: ORDER.id });
      const token = `Bearer ${found.json.token}`;

      const view = await send("GET", returnablePath(ORDER.id), { token });
      expect(view.status, view.text).toBe(200);
      const created = await send("POST", "/v1/portal/returns", {
        token,
        body: {
          order_id: ORDER.id,
          line: { sku: "CAP-RED", quantity: 1 },
          reason: "TOO_SMALL_AT_CHEST",
          resolution: "REFUND",
        },
      });
      expect(created.status, created.text).toBe(201);
      expect(created.json.customer_id).toBe(ORDER.customer_id);

      const other = await send("GET", returnablePath(OTHERS_ORDER.id), { token });
      const unknown = await send("GET", returnablePath("ord_none"), { token });
      expect(other.status).toBe(404);
      expect(other.json.type).toBe(unknown.json.type);
    });

    it("guests - a wrong email, a wrong postcode and an unknown number get the same bytes and change nothing", async () => {
      const { send, store } = await serveGuests(serve);
      const before = await storeContents(store);
      const answers = [];
      for (const body of [
        { order_number: "#5001", email: "eve@example.com" },
        { order_number: "#5001", postcode: "99999" },
        { order_number: "#0000", email: "ada@example.com" },
        { order_number: "#0000", postcode: "10115" },
      ]) {
        answers.push(comparable(await send("POST", SESSIONS, { token: null, body })));
      }
      expect(answers[0]?.status).toBe(404);
      for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
      expect(await storeContents(store)).toBe(before);
    });

    it("guests - past the limit for an order number, 429 with Retry-After, known or not", async () => {
      const { send } = await serveGuests(serve, { perOrderNumber: 2 });
      for (const order_number of ["#5001", "#0000"]) {
        const body = { order_number, email: "eve@example.com" };
        for (let i = 0; i < 2; i++) {
          expect((await send("POST", SESSIONS, { token: null, body })).status).toBe(404);
        }
        const refused = await send("POST", SESSIONS, { token: null, body });
        expect(refused.status, refused.text).toBe(429);
        expect(refused.headers.get("retry-after")).toBe("900");
        expect(refused.json.type).toBe("urn:returnkit:problem:too-many-lookups");
      }
    });

    it("guests - no such route unless the shop configures guests", async () => {
      const { send } = await serve({ orders: { source: orderBook() }, clock: () => T0 });
      const res = await send("POST", SESSIONS, {
        token: null,
        body: { order_number: "#5001", email: "ada@example.com" },
      });
      expect(res.status).toBe(404);
      expect(res.json.type).toBe("urn:returnkit:problem:route-not-found");
    });
  });
}
