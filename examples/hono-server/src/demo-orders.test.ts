import { createReturnsService } from "@returnkit/core";
import { expect, test } from "vitest";
import { demoOrders } from "./demo-orders";

test("demoOrders - any order number is the caller's, within the return window, one line a final sale", async () => {
  const returns = createReturnsService({
    orders: { source: demoOrders() },
    idempotency: { required: false },
  });
  const bob = {
    principal: { kind: "portal" as const, id: "bob", scopes: ["portal:returns.write"] },
  };
  const view = await returns.returnableLines("ord_any", bob);
  expect(view.lines.map((line) => [line.sku, line.returnable_quantity, line.final_sale])).toEqual([
    ["TEE-BLK-M", 10, false],
    ["JEANS-SLIM", 1, false],
    ["DRESS-RED", 1, false],
    ["SOCKS-3PK", 1, true],
  ]);
  await returns.close();
});
