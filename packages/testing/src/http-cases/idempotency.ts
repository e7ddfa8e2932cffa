/**
 * @module testing/http-cases/idempotency — the Idempotency-Key over HTTP. Replays, byte for
 * byte with their headers, are what a mount carries (every mount runs them); which answers are
 * stored, what a key matches and a race of one key are rules of the service (run in full once).
 */
import { describe, expect, it } from "vitest";
import { validCreate } from "../fixtures";
import { type ServeService, storeContents } from "../http-client";

/** A retried write replays its stored response: status, headers and bytes. */
export function describeIdempotentReplays(serve: ServeService): void {
  describe("idempotent replays", () => {
    it("idempotency - same key and body replays the stored response", async () => {
      const { send, store } = await serve();
      const first = await send("POST", "/v1/portal/returns", {
        body: validCreate,
        key: "order-1001-return",
      });
      const again = await send("POST", "/v1/portal/returns", {
        body: validCreate,
        key: "order-1001-return",
      });
      expect(again.status).toBe(201);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(first.headers.get("idempotent-replayed")).toBeNull();
      expect(again.json).toEqual(first.json);
      expect(again.headers.get("location")).toBe(first.headers.get("location"));
      expect((await store.listReturns({ limit: 10 })).data).toHaveLength(1);
    });

    it("idempotency - a key replayed after the return moved on sends its own response, byte for byte", async () => {
      const { send, create, event, merchant } = await serve();
      const r = await create();
      const patch = () =>
        send("PATCH", `/v1/portal/returns/${r.id}`, {
          body: { resolution: "REFUND" },
          key: "patch-once",
        });
      const first = await patch();
      expect(first.status).toBe(200);
      for (const name of ["submit", "approve", "flag"]) {
        expect((await event(r.id, name, { note: `${name} note` })).status).toBe(200);
      }
      const again = await patch();
      expect(again.status).toBe(200);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.headers.get("etag")).toBe('"2"');
      expect(again.text).toBe(first.text);
      expect(again.json.history.map((h: { event: string }) => h.event)).toEqual([
        "create",
        "update",
      ]);
      const now = await send("GET", `/v1/merchant/returns/${r.id}`, { token: merchant });
      expect(now.json.history).toHaveLength(5);
    });
  });
}

/** What a key matches, which answers are stored, and one execution under a race. */
export function describeIdempotencyRules(serve: ServeService): void {
  describe("idempotency rules", () => {
    it("idempotency - key order in the body does not matter; quoted and bare keys are the same key", async () => {
      const { send } = await serve();
      const first = await send("POST", "/v1/portal/returns", { body: validCreate, key: "abc-123" });
      const reordered = Object.fromEntries(Object.entries(validCreate).reverse());
      const quoted = await send("POST", "/v1/portal/returns", {
        body: reordered,
        key: '"abc-123"',
      });
      expect(quoted.status).toBe(201);
      expect(quoted.headers.get("idempotent-replayed")).toBe("true");
      expect(quoted.json.id).toBe(first.json.id);
    });

    it("idempotency - the key reused with another payload is 422", async () => {
      const { send, store } = await serve();
      await send("POST", "/v1/portal/returns", { body: validCreate, key: "k1" });
      const before = await storeContents(store);
      const reused = await send("POST", "/v1/portal/returns", {
        body: { ...validCreate, order_id: "ord_9" },
        key: "k1",
      });
      expect(reused.status).toBe(422);
      expect(reused.json.type).toBe("urn:returnkit:problem:idempotency-key-reused");
      expect(await storeContents(store)).toBe(before);
    });

    it("idempotency - a missing key is 400, and hosts may make it optional", async () => {
      const { send, mounted } = await serve();
      const res = await send("POST", "/v1/portal/returns", { body: validCreate, key: null });
      expect(res.status).toBe(400);
      expect(res.json.type).toBe("urn:returnkit:problem:idempotency-key-missing");
      await mounted.close();
      const optional = await serve({ idempotency: { required: false } });
      const ok = await optional.send("POST", "/v1/portal/returns", {
        body: validCreate,
        key: null,
      });
      expect(ok.status).toBe(201);
    });

    it("idempotency - a replayed 409 is stored and sent again", async () => {
      const { send, returnIn, merchant } = await serve();
      const r = await returnIn("closed");
      const first = await send("POST", `/v1/merchant/returns/${r.id}/approve`, {
        token: merchant,
        key: "late",
      });
      const again = await send("POST", `/v1/merchant/returns/${r.id}/approve`, {
        token: merchant,
        key: "late",
      });
      expect(first.status).toBe(409);
      expect(again.status).toBe(409);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      // The stored answer, told to this request: its own request id.
      const { request_id: firstId, ...firstProblem } = first.json;
      const { request_id: againId, ...againProblem } = again.json;
      expect(againProblem).toEqual(firstProblem);
      expect([firstId, againId]).toEqual([
        first.headers.get("request-id"),
        again.headers.get("request-id"),
      ]);
      expect(againId).not.toBe(firstId);
    });

    it("idempotency - a 400 for PATCH to EXCHANGE for an empty sku is not stored: the corrected body reuses the key", async () => {
      const { send, create } = await serve();
      const r = await create({ ...validCreate, resolution: "REFUND", exchange_for: undefined });
      const path = `/v1/portal/returns/${r.id}`;
      const missing = await send("PATCH", path, {
        body: { resolution: "EXCHANGE", exchange_for: { sku: "" } },
        key: "fix",
      });
      expect(missing.status).toBe(400);
      expect(missing.json.errors[0].path).toBe("exchange_for.sku");

      const corrected = await send("PATCH", path, {
        body: { resolution: "EXCHANGE", exchange_for: { sku: "TEE-BLK-L" } },
        key: "fix",
      });

      expect(corrected.status, corrected.text).toBe(200);
      expect(corrected.headers.get("idempotent-replayed")).toBeNull();
      expect(corrected.json).toMatchObject({
        resolution: "EXCHANGE",
        exchange: { kind: "like_for_like", lines: [{ sku: "TEE-BLK-L" }] },
      });
    });

    it("idempotency - a 412 for a stale If-Match is not stored: the retry with the current ETag reuses the key", async () => {
      const { send, create } = await serve();
      const r = await create();
      const path = `/v1/portal/returns/${r.id}/submit`;
      const stale = await send("POST", path, { headers: { "if-match": '"7"' }, key: "sub" });
      expect(stale.status).toBe(412);

      const current = await send("POST", path, { headers: { "if-match": '"1"' }, key: "sub" });

      expect(current.status, current.text).toBe(200);
      expect(current.headers.get("idempotent-replayed")).toBeNull();
      expect(current.json).toMatchObject({ state: "submitted", version: 2 });
      const again = await send("POST", path, { headers: { "if-match": '"1"' }, key: "sub" });
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.json).toEqual(current.json);
    });

    it("idempotency - 50 concurrent requests with one key run the operation exactly once", async () => {
      const { send, store, create, merchant } = await serve();
      const r = await create();
      await send("POST", `/v1/portal/returns/${r.id}/submit`, {});
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          send("POST", `/v1/merchant/returns/${r.id}/approve`, {
            token: merchant,
            key: "approve-once",
          }),
        ),
      );
      const statuses = responses.map((res) => res.status);
      const fresh = responses.filter(
        (res) => res.status === 200 && res.headers.get("idempotent-replayed") !== "true",
      );
      expect(fresh).toHaveLength(1);
      // No key is held while a request runs: every other request replays the one execution.
      for (const res of responses) if (res.status === 200) expect(res.json.version).toBe(3);
      expect(statuses.every((s) => s === 200)).toBe(true);
      const stored = await store.getReturn(r.id);
      expect(stored!.record.history.filter((h) => h.event === "approve")).toHaveLength(1);
      expect(
        (await store.listEvents(r.id)).filter((e) => e.type === "return.approved"),
      ).toHaveLength(1);
    });
  });
}
