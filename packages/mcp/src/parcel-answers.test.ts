/**
 * What the tools say about a return's parcel: the label bought for it and the carrier's latest
 * scan, in the text a model reads, beside the structured content that carries them whole.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { manualCarrier, memoryStore, type Tracking } from "@returnkit/core";
import type { StoredReturn } from "@returnkit/core/store";
import {
  BOUGHT_LABEL as LABEL,
  makeOutboxEvent,
  makeStoredReturn,
  testAuthenticate,
  testToken,
} from "@returnkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, connectClient, type McpHost, MOUNT, startMcpHost } from "./test-support/hosts";
import { CUSTOMER, shopOptions } from "./test-support/shop";

const textOf = (result: Awaited<ReturnType<typeof callTool>>) =>
  result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");

const REQUEST_ID = "rrq_01JD3M6X4R9V6T0Q8Z2W7K5B1C";

const TRACKING: Tracking = {
  status: "in_transit",
  last_event_at: "2026-11-21T08:00:00.000Z",
  events: [
    {
      provider_event_id: "trk_1",
      status: "in_transit",
      occurred_at: "2026-11-21T08:00:00.000Z",
      description: "Departed facility",
      location: "PORTLAND OR",
    },
  ],
};

const REFUND = {
  currency: "EUR",
  currency_exponent: 2,
  item_amount: 2_500,
  restocking_fee: 0,
  return_shipping_fee: 495,
  total: 2_005,
  method: "original_payment",
  status: "estimate",
} as const;

/** A return of the request, approved, with the parcel's label and its first scan. */
function shippedReturn(): StoredReturn {
  const stored = makeStoredReturn({
    customer_id: CUSTOMER,
    state: "approved",
    resolution: "REFUND",
    request_id: REQUEST_ID,
  });
  return {
    ...stored,
    record: { ...stored.record, refund: REFUND, label: LABEL, tracking: TRACKING },
  };
}

describe("tools say the parcel's label and tracking", () => {
  const store = memoryStore();
  let host: McpHost;
  let customer: Client;
  let backOffice: Client;
  const parcel = shippedReturn();
  const failed = makeStoredReturn({ customer_id: CUSTOMER, state: "approved" });
  const reissued = makeStoredReturn({ customer_id: CUSTOMER, state: "approved" });

  beforeAll(async () => {
    const refused = {
      ...failed,
      record: {
        ...failed.record,
        label: {
          ...LABEL,
          status: "failed" as const,
          tracking_number: null,
          tracking_url: null,
          label_url: null,
          cost: null,
          created_at: null,
          reason: "address not deliverable",
        },
      },
    };
    const replacing = {
      ...reissued,
      record: {
        ...reissued.record,
        label: {
          ...LABEL,
          status: "pending" as const,
          shipment_id: null,
          tracking_number: null,
          tracking_url: null,
          label_url: null,
          cost: null,
          created_at: null,
          replaces: {
            carrier: "easypost",
            shipment_id: "shp_1",
            tracking_number: LABEL.tracking_number,
            void_status: "voided" as const,
            attempts: 0,
          },
        },
      },
    };
    for (const next of [parcel, refused, replacing]) {
      await store.commit({
        next,
        expectedVersion: null,
        events: [makeOutboxEvent(next)],
      });
    }
    host = await startMcpHost("hono", () => ({
      service: {
        ...shopOptions(),
        store,
        auth: { authenticate: testAuthenticate },
        // Labels bought by a carrier, so a label can be reissued (the job is not run here).
        carriers: {
          label: manualCarrier(),
          returnsAddress: {
            name: "Returns",
            street1: "Lagerstraße 5",
            city: "Berlin",
            postal_code: "10115",
            country: "DE",
          },
        },
      },
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

  it("get_return - the label bought, its cost and fee, and the latest scan, in words", async () => {
    const result = await callTool(customer, "get_return", { id: parcel.record.id });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toMatch(
      /; label created: easypost USPS Priority, tracking 9400111899560000000001 at https:\/\/track\.easypost\.com\/djE6dHJr, label https:\/\/easypost-files\.s3\.amazonaws\.com\/label\.png, cost 5\.40 USD, fee charged 4\.95 EUR; last scan in_transit at 2026-11-21T08:00:00\.000Z \(PORTLAND OR: Departed facility\)\.$/,
    );
    expect(result.structuredContent).toMatchObject({
      return: { label: { tracking_number: LABEL.tracking_number }, tracking: TRACKING },
    });
  });

  it("get_return - a label the carrier refused says why; no scan yet says so", async () => {
    const result = await callTool(backOffice, "get_return", { id: failed.record.id });
    expect(textOf(result)).toMatch(
      /; label failed: easypost USPS Priority, address not deliverable; no scan yet\.$/,
    );
  });

  it("get_return - a reissued label names the one it replaces and its void", async () => {
    const result = await callTool(backOffice, "get_return", { id: reissued.record.id });
    expect(textOf(result)).toMatch(
      /; label pending: easypost USPS Priority, replaces label 9400111899560000000001 \(void voided\); no scan yet\.$/,
    );
  });

  it("get_return_request - the request's parcel: one label and its latest scan", async () => {
    const result = await callTool(backOffice, "get_return_request", { id: REQUEST_ID });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toMatch(
      /^Return request rrq_01JD3M6X4R9V6T0Q8Z2W7K5B1C found: .+ Label created: easypost USPS Priority, tracking 9400111899560000000001 at \S+, label \S+, cost 5\.40 USD, fee charged 4\.95 EUR; last scan in_transit at 2026-11-21T08:00:00\.000Z \(PORTLAND OR: Departed facility\)\.$/,
    );
  });

  it("reissue_label - the back office asks for a new label: pending again, the customer has no such tool", async () => {
    const result = await callTool(backOffice, "reissue_label", {
      id: failed.record.id,
      idempotency_key: "reissue-1",
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toContain("label reissued (a new one is being bought)");
    expect(result.structuredContent).toMatchObject({
      return: { label: { status: "pending", carrier: "manual", replaces: null } },
    });

    const again = await callTool(backOffice, "reissue_label", {
      id: failed.record.id,
      idempotency_key: "reissue-2",
    });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain("its label is pending");

    const listed = await customer.listTools();
    expect(listed.tools.map((tool) => tool.name)).not.toContain("reissue_label");
  });
});
