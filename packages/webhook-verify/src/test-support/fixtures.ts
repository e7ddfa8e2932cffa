/**
 * @module test-support/fixtures — a delivery signed by core's signer, shared by this package's tests.
 * Not part of the build (tsup bundles from index.ts only).
 */
import { generateWebhookSecret, webhookHeaders } from "../../../core/src/delivery/signer";
import type { ReturnData, ReturnkitWebhookEvent } from "../events";

export const NOW_SECONDS = 1_767_225_600; // 2026-01-01T00:00:00Z
export const NOW = new Date(NOW_SECONDS * 1000);
export const EVENT_ID = "evt_01KAQ7ZJ4Y4T9N6XG0W3V5B8CD";

export const sampleReturn: ReturnData = {
  id: "ret_01KAQ7Z5D2M8X4C6B9N3P7Q1RS",
  object: "return",
  order_id: "ord_1042",
  line: { sku: "TEE-BLK", quantity: 1, size: "M" },
  order_line: null,
  refund: null,
  payouts: [],
  refunded_amount: 0,
  reason: "TOO_SMALL_AT_CHEST",
  resolution: "EXCHANGE",
  exchange: {
    kind: "offer",
    lines: [
      {
        sku: "TEE-BLK-L",
        title: "Organic cotton tee",
        variant_title: "Black / L",
        image_url: null,
        quantity: 1,
        unit_price: null,
      },
    ],
    difference: null,
    bonus_credit: null,
    mode: "standard",
    status: "pending",
    payment: null,
    payment_due_at: null,
    released_at: null,
    order_id: null,
    hold: null,
  },
  state: "approved",
  flagged_from: null,
  grade: null,
  shipment: null,
  label: null,
  tracking: null,
  customer_id: "cus_7",
  request_id: null,
  return_method: "by_mail",
  rma: null,
  version: 3,
  created_at: "2025-12-31T23:50:00.000Z",
  updated_at: "2025-12-31T23:59:00.000Z",
  history: [
    {
      seq: 1,
      event: "create",
      from: null,
      to: "draft",
      at: "2025-12-31T23:50:00.000Z",
      actor: { kind: "portal", id: "cus_7" },
    },
    {
      seq: 2,
      event: "submit",
      from: "draft",
      to: "submitted",
      at: "2025-12-31T23:55:00.000Z",
      actor: { kind: "portal", id: "cus_7" },
    },
    {
      seq: 3,
      event: "approve",
      from: "submitted",
      to: "approved",
      at: "2025-12-31T23:59:00.000Z",
      actor: { kind: "merchant", id: "staff_2" },
      note: "fits the policy",
    },
  ],
};

export const approvedEvent: ReturnkitWebhookEvent = {
  type: "return.approved",
  timestamp: "2025-12-31T23:59:00.000Z",
  data: {
    return: sampleReturn,
    transition: {
      seq: 3,
      event: "approve",
      from: "submitted",
      to: "approved",
      at: "2025-12-31T23:59:00.000Z",
      actor: { kind: "merchant", id: "staff_2" },
    },
  },
};

// Non-ASCII on purpose: the signature covers UTF-8 bytes, not UTF-16 code units.
export const body = JSON.stringify({
  ...approvedEvent,
  data: { ...approvedEvent.data, return: { ...sampleReturn, customer_id: "cus_7 — Zoë" } },
});

export const secret = generateWebhookSecret();
export const oldSecret = generateWebhookSecret();

/** Headers of a delivery signed by core's signer at `timestampSeconds`. */
export function signedHeaders(
  secrets: string | readonly string[] = secret,
  options: { id?: string; timestampSeconds?: number; payload?: string } = {},
): Record<string, string> {
  return {
    ...webhookHeaders(
      secrets,
      options.id ?? EVENT_ID,
      options.timestampSeconds ?? NOW_SECONDS,
      options.payload ?? body,
    ),
  };
}
