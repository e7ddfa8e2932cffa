/**
 * @module testing/cases/keyed-writes — what an Idempotency-Key answers, over HTTP, on the
 * store under test: a refusal that asks for another request is not stored, so the retry
 * with the same key runs again on every store.
 */

import type { ReturnsStore } from "@returnkit/core";
import { createReturnsService } from "@returnkit/core";
import type { CommitResult } from "@returnkit/core/store";
import { describe, expect, it } from "vitest";
import { T0, validCreate } from "../fixtures";
import { testAuthenticate, testToken } from "../http-suite";
import type { StoreSubject } from "../subject";

const BASE = "https://shop.example";

/** A service on `store` answering requests as a customer, through its fetch handler. */
function customerOf(store: ReturnsStore) {
  const service = createReturnsService({
    store,
    baseUrl: BASE,
    auth: { authenticate: testAuthenticate },
    clock: () => T0,
  });
  return async (
    method: string,
    path: string,
    key: string,
    body: unknown = {},
    headers: Record<string, string> = {},
  ) => {
    const response = await service.fetch(
      new Request(BASE + path, {
        method,
        headers: {
          ...headers,
          authorization: testToken("portal", "user-42"),
          "idempotency-key": key,
          "content-type": "application/json",
        },
        body: JSON.stringify(body),
      }),
    );
    // biome-ignore lint/suspicious/noExplicitAny: cases assert response bodies field by field
    const { request_id, ...json }: any = await response.json();
    // A problem names the request it answered, a replay included: not part of the key's answer.
    if (response.status >= 400) expect(request_id).toBe(response.headers.get("request-id"));
    return { status: response.status, replayed: response.headers.get("idempotent-replayed"), json };
  };
}

let keys = 0;
const newKey = () => `kw-${++keys}-${Math.random().toString(36).slice(2)}`;

export function describeKeyedWrites(subject: StoreSubject): void {
  describe("keyed writes through the service", () => {
    it("keyed write - a 409 concurrent-update is not stored: the retry with the key runs again", async () => {
      // Rivals that always win the version race, more often than a write retries.
      let rivalsWin = false;
      const store: ReturnsStore = {
        ...subject.store,
        commit: (commit): Promise<CommitResult> =>
          rivalsWin
            ? Promise.resolve({
                ok: false,
                reason: "version_conflict",
                currentVersion: commit.expectedVersion,
              })
            : subject.store.commit(commit),
      };
      const send = customerOf(store);
      const created = await send("POST", "/v1/portal/returns", newKey(), validCreate);
      const path = `/v1/portal/returns/${created.json.id}/submit`;
      const key = newKey();
      rivalsWin = true;
      const lost = await send("POST", path, key);
      expect(lost.status).toBe(409);
      expect(lost.json.type).toBe("urn:returnkit:problem:concurrent-update");

      rivalsWin = false;
      const retry = await send("POST", path, key);

      expect(retry.status).toBe(200);
      expect(retry.replayed).toBeNull();
      expect(retry.json).toMatchObject({ state: "submitted", version: 2 });
      expect(await send("POST", path, key)).toMatchObject({ status: 200, replayed: "true" });
    });

    it("keyed write - a 400 for PATCH to EXCHANGE for an empty sku is not stored: the corrected body reuses the key", async () => {
      const send = customerOf(subject.store);
      const refund = { ...validCreate, resolution: "REFUND", exchange_for: undefined };
      const created = await send("POST", "/v1/portal/returns", newKey(), refund);
      const path = `/v1/portal/returns/${created.json.id}`;
      const key = newKey();
      const missing = await send("PATCH", path, key, {
        resolution: "EXCHANGE",
        exchange_for: { sku: "" },
      });
      expect(missing.status).toBe(400);

      const corrected = await send("PATCH", path, key, {
        resolution: "EXCHANGE",
        exchange_for: { sku: "TEE-BLK-L" },
      });

      expect(corrected.status).toBe(200);
      expect(corrected.json).toMatchObject({
        resolution: "EXCHANGE",
        exchange: { lines: [{ sku: "TEE-BLK-L" }] },
      });
    });

    it("keyed write - a 412 for a stale If-Match is not stored: the retry with the current ETag reuses the key", async () => {
      const send = customerOf(subject.store);
      const created = await send("POST", "/v1/portal/returns", newKey(), validCreate);
      const path = `/v1/portal/returns/${created.json.id}/submit`;
      const key = newKey();
      const stale = await send("POST", path, key, {}, { "if-match": '"7"' });
      expect(stale.status).toBe(412);

      const current = await send("POST", path, key, {}, { "if-match": '"1"' });

      expect(current.status).toBe(200);
      expect(current.json).toMatchObject({ state: "submitted", version: 2 });
      // Its If-Match is stale now, but a retry gets the success it already has.
      const again = await send("POST", path, key, {}, { "if-match": '"1"' });
      expect(again).toEqual({ ...current, replayed: "true" });
    });

    it("keyed write - a PATCH replayed after the return moved on is byte for byte the first answer", async () => {
      // The stored response keeps the history's length, not its entries: the replay takes them
      // back from the return, whose history has grown since.
      const send = customerOf(subject.store);
      const created = await send("POST", "/v1/portal/returns", newKey(), validCreate);
      const path = `/v1/portal/returns/${created.json.id}`;
      const key = newKey();
      const first = await send("PATCH", path, key, { resolution: "REFUND" });
      expect(first.status).toBe(200);
      expect((await send("POST", `${path}/submit`, newKey())).status).toBe(200);
      const again = await send("PATCH", path, key, { resolution: "REFUND" });
      expect(again.replayed).toBe("true");
      expect(JSON.stringify(again.json)).toBe(JSON.stringify(first.json));
      expect(again.json.history).toHaveLength(2);
    });

    it("keyed write - a 409 invalid-transition stays the key's answer", async () => {
      const send = customerOf(subject.store);
      const created = await send("POST", "/v1/portal/returns", newKey(), validCreate);
      const id = created.json.id;
      await send("POST", `/v1/portal/returns/${id}/submit`, newKey());
      const key = newKey();
      const late = await send("PATCH", `/v1/portal/returns/${id}`, key, { reason: "DAMAGED" });
      expect(late.status).toBe(409);

      const again = await send("PATCH", `/v1/portal/returns/${id}`, key, { reason: "DAMAGED" });

      expect(again).toEqual({ ...late, replayed: "true" });
    });
  });
}
