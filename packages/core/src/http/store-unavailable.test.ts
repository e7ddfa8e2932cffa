import { storeContents, testAuthenticate, testToken, validCreate } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import { createReturnsService } from "../service";
import { failingStore } from "../store/memory/test-support/failing-store";
import type { ReturnsStore } from "../store/types";
import { isStoreUnavailable, StoreUnavailableError } from "../store/unavailable";

/** A memory store that fails every call with StoreUnavailableError while `down` is set. */
function flakyStore(): { store: ReturnsStore; setDown(down: boolean): void } {
  const { store, fail } = failingStore(() => new StoreUnavailableError("connection refused"));
  return { store, setDown: fail };
}

describe("a store that cannot reach its database", () => {
  it("answers 503 store-unavailable with Retry-After, changes nothing, and recovers", async () => {
    const { store, setDown } = flakyStore();
    const reported: unknown[] = [];
    const service = createReturnsService({
      store,
      baseUrl: "https://shop.example",
      auth: { authenticate: testAuthenticate },
      onError: (error) => reported.push(error),
    });
    const create = () =>
      service.fetch(
        new Request("https://shop.example/v1/portal/returns", {
          method: "POST",
          headers: {
            authorization: testToken("portal", "customer-1"),
            "content-type": "application/json",
            "idempotency-key": "outage-1",
          },
          body: JSON.stringify(validCreate),
        }),
      );
    await service.ready();
    const before = await storeContents(store);

    setDown(true);
    const refused = await create();
    expect(refused.status).toBe(503);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(refused.headers.get("retry-after")).toBe("1");
    const problem = (await refused.json()) as Record<string, unknown>;
    expect(problem).toMatchObject({
      type: "urn:returnkit:problem:store-unavailable",
      status: 503,
    });
    // Nothing internal is disclosed, but the host hears about the outage.
    expect(JSON.stringify(problem)).not.toContain("connection refused");
    expect(reported.some(isStoreUnavailable)).toBe(true);

    const read = await service.fetch(
      new Request("https://shop.example/v1/merchant/returns", {
        headers: { authorization: testToken("merchant", "back-office") },
      }),
    );
    expect(read.status).toBe(503);

    setDown(false);
    expect(await storeContents(store)).toBe(before);
    // The same key, retried once the database is back, runs the write (once).
    const retried = await create();
    expect(retried.status).toBe(201);
    const replayed = await create();
    expect(replayed.status).toBe(201);
    expect(((await replayed.json()) as { id: string }).id).toBe(
      ((await retried.json()) as { id: string }).id,
    );
    await service.close();
  });

  it("is recognised across copies of the package by its brand, not its class", () => {
    const error = new StoreUnavailableError("down", { cause: new Error("ECONNREFUSED") });
    expect(isStoreUnavailable(error)).toBe(true);
    expect(error.cause).toBeInstanceOf(Error);
    const foreign = Object.assign(new Error("down"), {
      [Symbol.for("returnkit.StoreUnavailableError")]: true,
    });
    expect(isStoreUnavailable(foreign)).toBe(true);
    expect(isStoreUnavailable(new Error("ECONNREFUSED"))).toBe(false);
    expect(isStoreUnavailable(null)).toBe(false);
  });
});
