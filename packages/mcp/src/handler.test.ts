import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { testAuthenticate, testToken } from "@returnkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callTool,
  connectClient,
  type HostKind,
  type McpHost,
  MOUNT,
  startMcpHost,
} from "./test-support/hosts";
import { CUSTOMER, MRU_ORDER, shopOptions } from "./test-support/shop";

const CUSTOMER_TOOLS = [
  "cancel_return",
  "estimate_return_request",
  "get_return",
  "get_return_request",
  "list_my_returns",
  "returnable_lines",
  "start_return",
  "start_return_request",
  "submit_return",
  "submit_return_request",
  "update_return",
];
const BACK_OFFICE_TOOLS = [
  "approve_return",
  "close_return",
  "flag_return",
  "get_return",
  "get_return_request",
  "grade_return",
  "list_returns",
  "receive_return",
  "record_exchange_order",
  "record_exchange_payment",
  "record_refund",
  "reissue_label",
  "reject_return",
  "ship_return",
  "ship_return_request",
  "unflag_return",
];

const START = {
  order_id: "ord_5001",
  line: { sku: "TEE-BLK", quantity: 1, size: "M" },
  reason: "TOO_SMALL",
  resolution: "REFUND",
};

async function toolNames(client: Client): Promise<string[]> {
  return (await client.listTools()).tools.map((tool) => tool.name).sort();
}

describe.each<HostKind>(["hono", "express"])(
  "MCP over Streamable HTTP, mounted in %s with the host's authenticate",
  (kind) => {
    let host: McpHost;
    let url: string;
    let customer: Client;
    let backOffice: Client;

    beforeAll(async () => {
      host = await startMcpHost(kind, () => ({
        service: { ...shopOptions(), auth: { authenticate: testAuthenticate } },
        // The service's own authenticate: no second auth for the MCP endpoint.
        mcp: {},
      }));
      url = `${host.origin}${MOUNT}/mcp`;
      customer = await connectClient(url, testToken("portal", CUSTOMER));
      backOffice = await connectClient(url, testToken("merchant", "agent-7"));
    });
    afterAll(async () => {
      await customer.close();
      await backOffice.close();
      await host.close();
    });

    it("lists the customer's tools to a customer and the back office's to the back office", async () => {
      expect(await toolNames(customer)).toEqual(CUSTOMER_TOOLS);
      expect(await toolNames(backOffice)).toEqual(BACK_OFFICE_TOOLS);
      expect(customer.getInstructions()).toMatch(/allowed_events/);
    });

    it("lists only the read tools to a caller without the write scope", async () => {
      const reader = await connectClient(
        url,
        testToken("portal", CUSTOMER, ["portal:returns.read"]),
      );
      expect(await toolNames(reader)).toEqual([
        "estimate_return_request",
        "get_return",
        "get_return_request",
        "list_my_returns",
        "returnable_lines",
      ]);
      await reader.close();
    });

    it("describes each tool with its zod-derived schemas and annotations", async () => {
      const { tools } = await customer.listTools();
      const start = tools.find((tool) => tool.name === "start_return");
      expect(start?.inputSchema.required).toEqual(
        expect.arrayContaining(["order_id", "line", "reason", "resolution", "idempotency_key"]),
      );
      expect(start?.outputSchema?.properties).toHaveProperty("allowed_events");
      const reason = start?.inputSchema.properties?.reason as { enum?: string[] } | undefined;
      expect(reason?.enum).toContain("TOO_SMALL_AT_CHEST");
      expect(tools.find((tool) => tool.name === "cancel_return")?.annotations).toMatchObject({
        destructiveHint: true,
        idempotentHint: true,
      });
      expect(tools.find((tool) => tool.name === "list_my_returns")?.annotations?.readOnlyHint).toBe(
        true,
      );
      const reject = (await backOffice.listTools()).tools.find(
        (tool) => tool.name === "reject_return",
      );
      expect(reject?.annotations?.destructiveHint).toBe(true);
      expect(reject?.inputSchema.properties).toHaveProperty("reason_code");
    });

    it("start_return - an unknown reason is refused with a short message that names the catalogue", async () => {
      const result = await callTool(customer, "start_return", {
        ...START,
        reason: "TOO_BLUE",
        idempotency_key: "unknown-reason",
      });
      expect(result.isError).toBe(true);
      const text = JSON.stringify(result.content);
      expect(text.length).toBeLessThan(1024);
      expect(text).toContain("/v1/reasons");
      expect(text).not.toContain("CHANGED_MIND");
    });

    it("returnable_lines offers each line's reasons; start_return with another is refused briefly, naming what it allows", async () => {
      const lines = await callTool(customer, "returnable_lines", { order_id: "ord_5001" });
      const [tee, cap] = (
        lines.structuredContent as {
          order: {
            lines: {
              reasons: { codes: string[]; categories: string[]; fit: { body_parts: string[] } };
            }[];
          };
        }
      ).order.lines;
      expect(tee?.reasons.categories[0]).toBe("FIT");
      expect(tee?.reasons.fit.body_parts).toEqual(["CHEST", "SHOULDERS", "SLEEVES"]);
      expect(tee?.reasons.codes).not.toContain("TOO_LONG_AT_FOOT");
      expect(cap?.reasons.fit.body_parts).toContain("FOOT");

      const result = await callTool(customer, "start_return", {
        ...START,
        reason: "TOO_LONG_AT_FOOT",
        idempotency_key: `foot-${kind}`,
      });
      expect(result.isError).toBe(true);
      const [text] = result.content as { type: string; text: string }[];
      expect(text?.text).toBe(
        "The reason does not fit this product: TOO_LONG_AT_FOOT is not a reason for TEE-BLK (size M). It allows fit reasons TOO_SMALL, TOO_LARGE, TOO_TIGHT, TOO_LOOSE, TOO_SHORT, TOO_LONG at CHEST, SHOULDERS, SLEEVES; and DAMAGED, DEFECTIVE, WRONG_ITEM, NOT_AS_DESCRIBED, CHANGED_MIND, ARRIVED_LATE, OTHER (allowed_reasons lists the codes).",
      );
      expect(result.structuredContent).toMatchObject({
        problem: { type: "urn:returnkit:problem:reason-not-allowed", sku: "TEE-BLK" },
      });
    });

    it("takes a return from draft to closed through tools alone, each step structured", async () => {
      const lines = await callTool(customer, "returnable_lines", { order_id: "ord_5001" });
      expect(lines.structuredContent).toMatchObject({ order: { order_id: "ord_5001" } });

      const started = await callTool(customer, "start_return", {
        ...START,
        idempotency_key: `start-${kind}`,
      });
      expect(started.isError, JSON.stringify(started.content)).toBeFalsy();
      const draft = started.structuredContent as {
        return: { id: string; state: string };
        allowed_events: string[];
      };
      expect(draft.return.state).toBe("draft");
      expect(draft.allowed_events).toEqual(expect.arrayContaining(["submit", "cancel"]));
      expect(started.content).toEqual([
        { type: "text", text: expect.stringContaining(draft.return.id) },
      ]);
      const id = draft.return.id;

      const submitted = await callTool(customer, "submit_return", {
        id,
        idempotency_key: `submit-${kind}`,
      });
      expect(submitted.structuredContent).toMatchObject({ return: { state: "submitted" } });

      const queue = await callTool(backOffice, "list_returns", { state: "submitted" });
      expect(
        (queue.structuredContent as { returns: { id: string }[] }).returns.map((r) => r.id),
      ).toContain(id);

      const steps: [string, Record<string, unknown>, string][] = [
        ["approve_return", {}, "approved"],
        ["ship_return", { carrier: "DHL", tracking_number: "JD0001" }, "in_transit"],
        ["receive_return", {}, "received"],
        ["grade_return", { condition: "NEW", disposition: "RESTOCK" }, "graded"],
        ["close_return", { note: "refunded" }, "closed"],
      ];
      for (const [tool, body, state] of steps) {
        const result = await callTool(backOffice, tool, {
          id,
          ...body,
          idempotency_key: `${tool}-${kind}`,
        });
        expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
        expect(result.structuredContent).toMatchObject({ return: { id, state } });
      }
      const mine = await callTool(customer, "get_return", { id });
      expect(mine.structuredContent).toMatchObject({
        return: { state: "closed" },
        allowed_events: [],
      });
    });

    it("record_refund - records a graded return's payout once per key and refuses more than is left", async () => {
      const started = await callTool(customer, "start_return", {
        ...START,
        idempotency_key: `refund-start-${kind}`,
      });
      const id = (started.structuredContent as { return: { id: string } }).return.id;
      await callTool(customer, "submit_return", { id, idempotency_key: `refund-submit-${kind}` });
      for (const tool of ["approve_return", "ship_return", "receive_return", "grade_return"]) {
        const result = await callTool(backOffice, tool, {
          id,
          idempotency_key: `r-${tool}-${kind}`,
        });
        expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      }
      const payout = { id, amount: 2_500, reference: `re_${kind}`, idempotency_key: `pay-${kind}` };

      const recorded = await callTool(backOffice, "record_refund", payout);
      const replayed = await callTool(backOffice, "record_refund", payout);
      const over = await callTool(backOffice, "record_refund", {
        ...payout,
        amount: 1,
        reference: `re_more_${kind}`,
        idempotency_key: `pay-more-${kind}`,
      });

      expect(recorded.isError, JSON.stringify(recorded.content)).toBeFalsy();
      expect(recorded.structuredContent).toMatchObject({
        return: { id, refunded_amount: 2_500, payouts: [{ amount: 2_500, currency: "EUR" }] },
        replayed: false,
      });
      expect(JSON.stringify(recorded.content)).toContain("25.00 EUR of 25.00 EUR refunded");
      expect(replayed.structuredContent).toMatchObject({ replayed: true });
      expect(over.isError).toBe(true);
      expect(over.structuredContent).toMatchObject({
        problem: { type: expect.stringContaining("refund-exceeds-total"), refundable_amount: 0 },
      });
      const seen = await callTool(customer, "get_return", { id });
      expect(seen.structuredContent).toMatchObject({ return: { refunded_amount: 2_500 } });
    });

    it("estimate_return_request - says a refund in MRU in ouguiya, by ISO 4217's two digits", async () => {
      const estimated = await callTool(customer, "estimate_return_request", {
        order_id: MRU_ORDER.id,
        lines: [{ line: { sku: "SCARF-BLU" }, reason: "TOO_SMALL", resolution: "REFUND" }],
      });
      expect(estimated.isError, JSON.stringify(estimated.content)).toBeFalsy();
      expect(estimated.structuredContent).toMatchObject({
        estimate: { refund: { currency: "MRU", currency_exponent: 2, total: 1_234 } },
      });
      expect(JSON.stringify(estimated.content)).toContain("Refund 12.34 MRU (estimate)");
    });

    it("starts a return of two lines in one call and submits both together", async () => {
      const lines = [
        { line: { sku: "TEE-BLK", size: "M" }, reason: "TOO_SMALL", resolution: "REFUND" },
        { line: { sku: "CAP-RED" }, reason: "CHANGED_MIND", resolution: "REFUND" },
      ];
      const estimated = await callTool(customer, "estimate_return_request", {
        order_id: "ord_5001",
        lines,
      });
      expect(estimated.isError, JSON.stringify(estimated.content)).toBeFalsy();
      const { estimate } = estimated.structuredContent as {
        estimate: { refund: unknown; lines: { refund: unknown }[] };
      };
      const started = await callTool(customer, "start_return_request", {
        order_id: "ord_5001",
        lines,
        idempotency_key: `request-${kind}`,
      });
      expect(started.isError, JSON.stringify(started.content)).toBeFalsy();
      const { request } = started.structuredContent as {
        request: { id: string; returns: { state: string; request_id: string }[] };
      };
      expect(request.returns).toEqual([
        expect.objectContaining({ state: "draft", request_id: request.id }),
        expect.objectContaining({ state: "draft", request_id: request.id }),
      ]);
      // The estimate was what the request now carries, line by line and in all.
      const created = started.structuredContent as {
        request: { refund: unknown; returns: { refund: unknown }[] };
      };
      expect(created.request.refund).toEqual(estimate.refund);
      expect(created.request.returns.map((one) => one.refund)).toEqual(
        estimate.lines.map((line) => line.refund),
      );

      const submitted = await callTool(customer, "submit_return_request", {
        id: request.id,
        idempotency_key: `request-submit-${kind}`,
      });
      expect(submitted.isError, JSON.stringify(submitted.content)).toBeFalsy();
      const read = await callTool(customer, "get_return_request", { id: request.id });
      expect(read.structuredContent).toMatchObject({
        request: { returns: [{ state: "submitted" }, { state: "submitted" }] },
      });
      const again = await callTool(customer, "start_return_request", {
        order_id: "ord_5001",
        lines: [lines[1]],
        idempotency_key: `request-again-${kind}`,
      });
      expect(again.isError).toBe(true);
      expect(again.structuredContent).toMatchObject({
        problem: { type: expect.stringContaining("return-request-refused"), lines: [{ index: 0 }] },
      });
    });

    it("the back office reads a customer's request and ships its approved returns as one parcel, refunds in the result", async () => {
      const started = await callTool(customer, "start_return_request", {
        order_id: "ord_5001",
        lines: [
          {
            line: { sku: "TEE-BLK", size: "M" },
            quantity: 2,
            reason: "TOO_SMALL",
            resolution: "REFUND",
          },
        ],
        idempotency_key: `ship-request-${kind}`,
      });
      expect(started.isError, JSON.stringify(started.content)).toBeFalsy();
      const { id } = (started.structuredContent as { request: { id: string } }).request;
      await callTool(customer, "submit_return_request", { id, idempotency_key: `ship-s-${kind}` });

      const read = await callTool(backOffice, "get_return_request", { id });
      expect(read.isError, JSON.stringify(read.content)).toBeFalsy();
      const { request } = read.structuredContent as {
        request: { customer_id: string; returns: { id: string; state: string }[] };
      };
      expect(request).toMatchObject({ customer_id: CUSTOMER, returns: [{ state: "submitted" }] });
      // Nothing approved yet: nothing to ship, and the problem says so.
      const early = await callTool(backOffice, "ship_return_request", {
        id,
        idempotency_key: `ship-early-${kind}`,
      });
      expect(early.isError).toBe(true);
      expect(early.structuredContent).toMatchObject({
        problem: { status: 409, type: expect.stringContaining("return-request-nothing-to-do") },
      });

      const [one] = request.returns;
      const approved = await callTool(backOffice, "approve_return", {
        id: one!.id,
        idempotency_key: `ship-approve-${kind}`,
      });
      expect(approved.isError, JSON.stringify(approved.content)).toBeFalsy();
      const shipped = await callTool(backOffice, "ship_return_request", {
        id,
        carrier: "DHL",
        tracking_number: "JD0146",
        idempotency_key: `ship-parcel-${kind}`,
      });
      expect(shipped.isError, JSON.stringify(shipped.content)).toBeFalsy();
      expect(shipped.structuredContent).toMatchObject({
        replayed: false,
        request: {
          id,
          returns: [
            { state: "in_transit", shipment: { carrier: "DHL", tracking_number: "JD0146" } },
          ],
          refund: { currency: "EUR", item_amount: 5_000, total: 5_000, status: "estimate" },
        },
      });
      expect(JSON.stringify(shipped.content)).toContain("Refund 50.00 EUR (estimate)");

      // An id that names no request is a 404 problem, not a crash.
      const unknown = await callTool(backOffice, "get_return_request", {
        id: "rrq_01K00000000000000000000000",
      });
      expect(unknown.isError).toBe(true);
      expect(unknown.structuredContent).toMatchObject({ problem: { status: 404 } });
    });

    it("answers a refused transition with isError and the problem, allowed_events included", async () => {
      const { id } = await startAs(`refused-${kind}`);
      const refused = await callTool(backOffice, "approve_return", {
        id,
        idempotency_key: `approve-draft-${kind}`,
      });
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent).toMatchObject({
        problem: { status: 409, type: expect.stringContaining("transition"), allowed_events: [] },
      });
      const cancelled = await callTool(customer, "cancel_return", {
        id,
        idempotency_key: `cancel-${kind}`,
      });
      expect(cancelled.structuredContent).toMatchObject({ return: { state: "cancelled" } });
    });

    it("get_return - answers a history step by an actor kind this release does not write", async () => {
      const { id } = await startAs(`actor-${kind}`);
      // As a later release writes it: a kind added since, acting for a staff member.
      const stored = (await host.service.store.getReturn(id))!;
      const [created] = stored.record.history;
      const actor = {
        kind: "warehouse_robot",
        id: "r2",
        on_behalf_of: { kind: "merchant", id: "agent-7" },
      };
      const next = {
        ...stored,
        record: { ...stored.record, version: 2, history: [{ ...created!, actor }] },
      };
      const written = await host.service.store.commit({ next, expectedVersion: 1, events: [] });
      expect(written.ok).toBe(true);

      const read = await callTool(backOffice, "get_return", { id });

      expect(read.isError).toBeFalsy();
      expect(read.structuredContent).toMatchObject({ return: { id, history: [{ actor }] } });
    });

    it("replays a repeated idempotency_key instead of acting twice", async () => {
      const first = await callTool(customer, "start_return", {
        ...START,
        idempotency_key: `twice-${kind}`,
      });
      const again = await callTool(customer, "start_return", {
        ...START,
        idempotency_key: `twice-${kind}`,
      });
      const ids = [first, again].map(
        (r) => (r.structuredContent as { return: { id: string } }).return.id,
      );
      expect(ids[1]).toBe(ids[0]);
      expect(again.structuredContent).toMatchObject({ replayed: true });
      expect(first.structuredContent).toMatchObject({ replayed: false });
    });

    it("records the MCP request's Request-Id on the events its write commits", async () => {
      const agent = await connectClient(url, testToken("portal", CUSTOMER), {
        "x-request-id": `req-mcp-${kind}`,
      });
      const started = await callTool(agent, "start_return", {
        ...START,
        idempotency_key: `request-id-${kind}`,
      });
      await agent.close();
      const { id } = (started.structuredContent as { return: { id: string } }).return;

      const events = await host.service.store.listEvents(id);

      expect(events.map((event) => event.request_id)).toEqual([`req-mcp-${kind}`]);
    });

    it("refuses a write whose expected_version is stale, as a problem the model can act on", async () => {
      const { id, version } = await startAs(`stale-${kind}`);
      await callTool(customer, "update_return", {
        id,
        resolution: "STORE_CREDIT",
        idempotency_key: `upd-${kind}`,
      });
      const stale = await callTool(customer, "submit_return", {
        id,
        expected_version: version,
        idempotency_key: `stale-submit-${kind}`,
      });
      expect(stale.isError).toBe(true);
      expect(stale.structuredContent).toMatchObject({ problem: { status: 412 } });
    });

    it("answers a quantity beyond the order line with the returnable quantity", async () => {
      const over = await callTool(customer, "start_return", {
        ...START,
        line: { sku: "TEE-BLK", quantity: 51, size: "M" },
        idempotency_key: `over-${kind}`,
      });
      expect(over.isError).toBe(true);
      expect(over.structuredContent).toMatchObject({
        problem: { returnable_quantity: expect.any(Number) },
      });
    });

    it("keeps a customer to its own returns and away from back-office tools", async () => {
      const { id } = await startAs(`own-${kind}`);
      const other = await connectClient(url, testToken("portal", "user-7"));
      const theirs = await callTool(other, "get_return", { id });
      expect(theirs.structuredContent).toMatchObject({ problem: { status: 404 } });
      const approve = await callTool(customer, "approve_return", { id, idempotency_key: "x" });
      expect(approve.isError).toBe(true);
      await other.close();
    });

    it("answers 401 without credentials, before any MCP message is read", async () => {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(response.status).toBe(401);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
    });

    async function startAs(key: string): Promise<{ id: string; version: number }> {
      const started = await callTool(customer, "start_return", { ...START, idempotency_key: key });
      return (started.structuredContent as { return: { id: string; version: number } }).return;
    }
  },
);

describe("resources and instructions", () => {
  let host: McpHost;
  let customer: Client;
  let url: string;
  beforeAll(async () => {
    host = await startMcpHost("hono", () => ({
      service: { ...shopOptions(), auth: { authenticate: testAuthenticate } },
      mcp: { auth: { authenticate: testAuthenticate } },
    }));
    url = `${host.origin}${MOUNT}/mcp`;
    customer = await connectClient(url, testToken("portal", CUSTOMER));
  });
  afterAll(async () => {
    await customer.close();
    await host.close();
  });

  it("reads a return through the template, and not another customer's", async () => {
    const { resourceTemplates } = await customer.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(["returnkit://returns/{id}"]);
    const started = await callTool(customer, "start_return", {
      ...START,
      idempotency_key: "res-1",
    });
    const { id } = (started.structuredContent as { return: { id: string } }).return;
    const read = await customer.readResource({ uri: `returnkit://returns/${id}` });
    const [content] = read.contents as { text: string }[];
    expect(JSON.parse(content?.text ?? "")).toMatchObject({ return: { id, state: "draft" } });
    const other = await connectClient(url, testToken("portal", "user-7"));
    await expect(other.readResource({ uri: `returnkit://returns/${id}` })).rejects.toThrow(
      /-32002/,
    );
    await other.close();
  });

  it("lists the reason catalogue as a resource", async () => {
    const { resources } = await customer.listResources();
    expect(resources.map((r) => r.uri)).toEqual(["returnkit://reasons"]);
    const read = await customer.readResource({ uri: "returnkit://reasons" });
    const [content] = read.contents as { text: string }[];
    expect(JSON.parse(content?.text ?? "")).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: "TOO_SMALL" })]),
    );
  });

  it("explains the lifecycle to the model in its instructions", () => {
    const instructions = customer.getInstructions() ?? "";
    expect(instructions).toMatch(/draft -> submitted -> approved/);
    expect(instructions).toMatch(/idempotency_key/);
  });
});
