/**
 * What the tools say about lines and returns: the product by name and variant (the SKU
 * beside it), the order by its number, in the text a model reads and in the structured
 * content the output schemas accept (the client checks it against them).
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { testAuthenticate, testToken } from "@returnkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, connectClient, type McpHost, MOUNT, startMcpHost } from "./test-support/hosts";
import { CUSTOMER, PRODUCT_ORDER, shopOptions } from "./test-support/shop";

const textOf = (result: Awaited<ReturnType<typeof callTool>>) =>
  result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");

describe("tools name the product", () => {
  let host: McpHost;
  let customer: Client;
  let backOffice: Client;

  beforeAll(async () => {
    host = await startMcpHost("hono", () => ({
      service: { ...shopOptions(), auth: { authenticate: testAuthenticate } },
      mcp: {},
    }));
    const url = `${host.origin}${MOUNT}/mcp`;
    customer = await connectClient(url, testToken("portal", CUSTOMER));
    backOffice = await connectClient(url, testToken("merchant", "agent-7"));
  });
  afterAll(async () => {
    await customer.close();
    await backOffice.close();
    await host.close();
  });

  it("returnable_lines - each line by title and variant, the order by its number", async () => {
    const result = await callTool(customer, "returnable_lines", { order_id: PRODUCT_ORDER.id });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toBe(
      "Order #5003 (ord_5003): 2 line(s): Organic cotton tee, Black / M (TEE-ORG): 2 returnable; " +
        "Slim jeans, Indigo / 32 (JEANS-IND): 1 returnable.",
    );
    expect(result.structuredContent).toMatchObject({
      order: {
        order_number: "#5003",
        lines: [
          {
            sku: "TEE-ORG",
            product: {
              title: "Organic cotton tee",
              image_url: "https://cdn.shop.example/tee-black.jpg",
            },
          },
          { sku: "JEANS-IND", product: { title: "Slim jeans", variant_title: null } },
        ],
      },
    });
  });

  it("start_return_request, get_return, list_returns - the returns by product, for the customer and staff", async () => {
    const started = await callTool(customer, "start_return_request", {
      order_id: PRODUCT_ORDER.id,
      lines: [
        { line: { sku: "TEE-ORG", size: "M" }, reason: "TOO_SMALL", resolution: "REFUND" },
        { line: { sku: "JEANS-IND", size: "32" }, reason: "CHANGED_MIND", resolution: "REFUND" },
      ],
      idempotency_key: "products-request",
    });
    expect(started.isError, textOf(started)).toBeFalsy();
    const { request } = started.structuredContent as {
      request: { id: string; returns: { id: string }[] };
    };
    const [tee, jeans] = request.returns.map((one) => one.id);
    expect(textOf(started)).toContain(
      `${tee} Organic cotton tee, Black / M (TEE-ORG) × 1 draft, ${jeans} Slim jeans, Indigo / 32 (JEANS-IND) × 1 draft`,
    );

    const read = await callTool(backOffice, "get_return", { id: tee });
    expect(read.isError, textOf(read)).toBeFalsy();
    expect(textOf(read)).toMatch(
      new RegExp(
        `^Return ${tee} of Organic cotton tee, Black / M \\(TEE-ORG\\) × 1, order #5003, found; state draft`,
      ),
    );
    expect(read.structuredContent).toMatchObject({
      return: {
        order_line: {
          order_number: "#5003",
          product: { title: "Organic cotton tee", variant_title: "Black / M", tags: ["organic"] },
          customer: { name: "Ada Lovelace", email: "ada@example.com" },
        },
      },
    });

    const mine = await callTool(customer, "list_my_returns", { order_id: PRODUCT_ORDER.id });
    expect(mine.isError, textOf(mine)).toBeFalsy();
    expect(textOf(mine)).toContain("Slim jeans, Indigo / 32 (JEANS-IND) × 1 draft");
    expect(textOf(mine)).toContain("Organic cotton tee, Black / M (TEE-ORG) × 1 draft");
  });
});
