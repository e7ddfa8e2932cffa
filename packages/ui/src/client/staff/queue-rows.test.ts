import { describe, expect, it } from "vitest";
import type { Return } from "../api-schemas";
import { ageOf } from "./age";
import { queueRows } from "./queue-rows";

const EUR = { currency: "EUR", currency_exponent: 2 };

/** A return as the list API answers it, with only what the queue reads set. */
function aReturn(id: string, extra: Partial<Return> = {}): Return {
  return {
    id,
    order_id: "ord_1",
    customer_id: "alice",
    request_id: null,
    reason: "DAMAGED",
    resolution: "REFUND",
    state: "submitted",
    created_at: "2026-11-20T10:00:00.000Z",
    line: { sku: "TEE", size: "M", quantity: 1 },
    order_line: null,
    refund: { ...EUR, total: 1000 },
    ...extra,
  } as Return;
}

describe("queue rows", () => {
  it("queueRows - a request's returns are one row in line order; a lone return its own row", () => {
    const request = "rrq_01";
    const rows = queueRows([
      aReturn("ret_03", { request_id: request, reason: "CHANGED_MIND" }),
      aReturn("ret_02"),
      aReturn("ret_01", { request_id: request, created_at: "2026-11-19T10:00:00.000Z" }),
    ]);

    expect(rows.map((row) => [row.kind, row.id, row.returns.map((r) => r.id)])).toEqual([
      ["request", request, ["ret_01", "ret_03"]],
      ["return", "ret_02", ["ret_02"]],
    ]);
    expect(rows[0]).toMatchObject({
      reasons: ["DAMAGED", "CHANGED_MIND"],
      resolutions: ["REFUND"],
      amount: { ...EUR, total: 2000 },
      created_at: "2026-11-19T10:00:00.000Z",
    });
  });

  it("queueRows - order number and customer from the order's snapshot, else the ids", () => {
    const snapshot = {
      order_number: "#1001",
      customer: { name: null, email: "alice@example.com" },
    } as Return["order_line"];

    const [known, unknown] = queueRows([
      aReturn("ret_2", { order_line: snapshot }),
      aReturn("ret_1"),
    ]);

    expect([known?.order, known?.customer]).toEqual([
      "#1001",
      { name: "alice@example.com", email: null },
    ]);
    expect([unknown?.order, unknown?.customer]).toEqual(["ord_1", { name: "alice", email: null }]);
  });

  it("queueRows - no amount when a return has no refund or the currencies differ", () => {
    const [none] = queueRows([aReturn("ret_1", { request_id: "rrq_1", refund: null })]);
    const [mixed] = queueRows([
      aReturn("ret_1", { request_id: "rrq_1" }),
      aReturn("ret_2", {
        request_id: "rrq_1",
        refund: { currency: "HUF", currency_exponent: 2, total: 5 } as Return["refund"],
      }),
    ]);

    expect(none?.amount).toBeNull();
    expect(mixed?.amount).toBeNull();
  });

  it("ageOf - the largest whole unit in the page's language", () => {
    const now = Date.parse("2026-11-28T12:00:00.000Z");

    expect(ageOf("2026-11-25T11:00:00.000Z", now, "en")).toBe("3 days ago");
    expect(ageOf("2026-11-25T11:00:00.000Z", now, "de")).toBe("vor 3 Tagen");
    expect(ageOf("2026-11-28T09:30:00.000Z", now, "en")).toBe("2 hours ago");
    expect(ageOf("2026-11-28T11:59:30.000Z", now, "en")).toBe("this minute");
  });
});
