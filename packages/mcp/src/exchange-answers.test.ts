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
  let backOffice: Client;

  beforeAll(async () => {
    host = await startMcpHost("hono", () => ({
      service: { ...exchangeShopOptions(), auth: { authenticate: testAuthenticate } },
      mcp: {},
    }));
    const url = `${host.origin}${MOUNT}/mcp`;
    customer = await connectClient(url, testToken("portal", CUSTOMER));
    backOffice = await connectClient(url, testToken("merchant", "agent-7"));
  });
  /** The customer starts exchanging the navy jumper for `sku`, under `key`. */
  const startExchange = (sku: string, key: string) =>
    callTool(customer, "start_return", {
      order_id: JUMPER_ORDER.id,
      line: { sku: "JUMPER-NAVY", size: "M", quantity: 1 },
      reason: "CHANGED_MIND",
      resolution: "EXCHANGE",
      exchange_for: { sku },
      idempotency_key: key,
    });

  afterAll(async () => {
    await customer.close();
    await backOffice.close();
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
    const started = await startExchange("JUMPER-RED-M", "exchange-red");
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
    const refused = await startExchange("JUMPER-OAT-M", "exchange-oat");
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("JUMPER-OAT-M");
    expect(textOf(refused)).toContain("JUMPER-RED-M");
  });

  it("record_exchange_payment, record_exchange_order - the back office's agent pays and sends the exchange", async () => {
    const started = await startExchange("JUMPER-RED-M", "exchange-paid");
    const { id } = (started.structuredContent as { return: { id: string } }).return;
    const steps = [
      [customer, "submit_return", {}],
      [backOffice, "approve_return", {}],
    ] as const;
    for (const [client, tool, body] of steps) {
      const result = await callTool(client, tool, {
        id,
        ...body,
        idempotency_key: `${tool}-${id}`,
      });
      expect(result.isError, textOf(result)).toBeFalsy();
    }
    const wrong = await callTool(backOffice, "record_exchange_payment", {
      id,
      amount: 500,
      reference: "pay_1",
      idempotency_key: "pay-wrong",
    });
    expect(wrong.isError).toBe(true);
    expect(textOf(wrong)).toContain("owes 10.00 EUR");

    const paid = await callTool(backOffice, "record_exchange_payment", {
      id,
      amount: 1_000,
      reference: "pay_1",
      idempotency_key: "pay-right",
    });
    expect(paid.isError, textOf(paid)).toBeFalsy();
    expect(textOf(paid)).toMatch(
      /payment recorded; .* the customer pays 10\.00 EUR \(paid pay_1\)\.$/,
    );

    for (const tool of ["ship_return", "receive_return"]) {
      const result = await callTool(backOffice, tool, { id, idempotency_key: `${tool}-${id}` });
      expect(result.isError, textOf(result)).toBeFalsy();
    }
    const ordered = await callTool(backOffice, "record_exchange_order", {
      id,
      order_id: "#5201",
      idempotency_key: "order",
    });
    expect(ordered.isError, textOf(ordered)).toBeFalsy();
    expect(textOf(ordered)).toMatch(/\(released, paid pay_1, order #5201\)\.$/);
  });
});
