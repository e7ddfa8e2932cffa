import { commitNewReturn as createReturn, makeEndpoint } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import { memoryStore } from "../store/memory/memory-store";
import { decodeDeliveryCursor, encodeDeliveryCursor, listDeliveryPage } from "./delivery-pages";

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("delivery cursors", () => {
  it("decodeDeliveryCursor - reads back the key a cursor was written from", () => {
    const key = { position: 48_210, id: "dlv_01M7YRRT8063AB9589DA828507" };

    expect(decodeDeliveryCursor(encodeDeliveryCursor(key))).toEqual(key);
  });

  it("decodeDeliveryCursor - refuses any text it did not write", () => {
    const cursor = encodeDeliveryCursor({ position: 7, id: "dlv_1" });
    const refused = [
      "",
      "not a cursor",
      `${cursor}=`,
      cursor.slice(1),
      `${cursor}A`,
      Buffer.from(JSON.stringify([7, "dlv_1"])).toString("base64"),
      encode([-1, "dlv_1"]),
      encode([1.5, "dlv_1"]),
      encode([2 ** 53, "dlv_1"]),
      encode(["7", "dlv_1"]),
      encode([7, ""]),
      encode([7, "dlv\u0000"]),
      encode([7, "x".repeat(201)]),
      encode([7, "dlv_1", 3]),
      encode({ position: 7, id: "dlv_1" }),
      "A".repeat(401),
    ];

    expect(refused.filter((text) => decodeDeliveryCursor(text) !== null)).toEqual([]);
  });
});

describe("listDeliveryPage", () => {
  it("listDeliveryPage - a full last page has no next cursor; each page starts after the last", async () => {
    const store = memoryStore();
    await store.saveEndpoint(makeEndpoint());
    for (let i = 0; i < 4; i++) await createReturn(store);

    const first = await listDeliveryPage(store, { status: "pending" }, { limit: 2 });
    const second = await listDeliveryPage(
      store,
      { status: "pending" },
      { limit: 2, cursor: first.next_cursor! },
    );

    expect(first.data).toHaveLength(2);
    expect(first.next_cursor).toEqual(expect.any(String));
    expect(second.data).toHaveLength(2);
    expect(second.next_cursor).toBeNull();
    expect([...first.data, ...second.data]).toEqual(
      await store.listDeliveries({ status: "pending" }),
    );
  });
});
