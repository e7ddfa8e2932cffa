/**
 * What the tools say about exchanges: the items a line can be exchanged for, each with what it
 * costs against the price paid, and a started exchange with the difference it settles, in the
 * text a model reads and in the structured content.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { testAuthenticate, testToken } from "@returnkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, connectClient, type McpHost, MOUNT, startMcpHost } from "./test-support/hosts";
import { CUSTOMER, exchangeShopOptions, JUMPER_ORDER } from "./test-support/shop";

const textOf = (result: Awaited<ReturnType<typeof callTool>>) =>
  result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");

describe("tools offer and start exchanges", () => {
  let host: McpHost;
  let customer: Client;

  beforeAll(async () => {
    host = await startMcpHost("hono", () => ({
      service: { ...exchangeShopOptions(), auth: { authenticate: testAuthenticate } },
      mcp: {},
    }));
    customer = await connectClient(`${host.origin}${MOUNT}/mcp`, testToken("portal", CUSTOMER));
  });
  afterAll(async () => {
    await customer.close();
    await host.close();
  });

  it("returnable_lines - each offer by name, with its price against the price paid", async () => {
    const result = await callTool(customer, "returnable_lines", { order_id: JUMPER_ORDER.id });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toBe(
      "Order #5004 (ord_5004): 1 line(s): Wool jumper, Navy / M (JUMPER-NAVY): 2 returnable; " +
        "exchange_for offers: Wool jumper, Red / M (JUMPER-RED-M) 10.00 EUR more per unit, " +
        "Wool jumper, Grey / M (JUMPER-GREY-M) 5.00 EUR less per unit, " +
        "Wool jumper, Oat / M (JUMPER-OAT-M) same price, unavailable.",
    );
  });

  it("start_return - an exchange for a dearer colour says what the customer pays", async () => {
    const started = await callTool(customer, "start_return", {
      order_id: JUMPER_ORDER.id,
      line: { sku: "JUMPER-NAVY", size: "M", quantity: 1 },
      reason: "CHANGED_MIND",
      resolution: "EXCHANGE",
      exchange_for: { sku: "JUMPER-RED-M" },
      idempotency_key: "exchange-red",
    });
    expect(started.isError, textOf(started)).toBeFalsy();
    expect(textOf(started)).toMatch(
      /; exchange for Wool jumper, Red \/ M \(JUMPER-RED-M\) × 1, the customer pays 10\.00 EUR\.$/,
    );
    expect(started.structuredContent).toMatchObject({
      return: {
        exchange: {
          lines: [{ sku: "JUMPER-RED-M", unit_price: 6_900 }],
          difference: { amount: 1_000, direction: "customer_pays" },
        },
      },
    });
  });

  it("start_return - an item out of stock is refused, naming what can be chosen", async () => {
    const refused = await callTool(customer, "start_return", {
      order_id: JUMPER_ORDER.id,
      line: { sku: "JUMPER-NAVY", size: "M", quantity: 1 },
      reason: "CHANGED_MIND",
      resolution: "EXCHANGE",
      exchange_for: { sku: "JUMPER-OAT-M" },
      idempotency_key: "exchange-oat",
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("JUMPER-OAT-M");
    expect(textOf(refused)).toContain("JUMPER-RED-M");
  });
});
