/**
 * @module request-story — a three-item request: alice's agent sends three lines of one order
 * as ONE return request through the `create_request` form the returnable view offers, and
 * submits it; the back office approves two and rejects one. The approval buys the parcel's
 * return label from the carrier (the EasyPost stand-in), and the carrier's signed tracking
 * webhooks — in transit, then delivered — ship and receive both returns with no staff click.
 * The back office grades (one line with a unit fewer accepted) and closes both. Every staff
 * step follows a `_templates` form of the response before it.
 */
import { signEasyPostWebhook, trackerEvent } from "@returnkit/carrier-easypost/stand-in";
import { toDecimalAmount } from "@returnkit/core";
import pc from "picocolors";
import { requestBodyFromTemplate } from "./order-book";

// biome-ignore lint/suspicious/noExplicitAny: the demo reads response bodies loosely, like a script would
type Json = Record<string, any>;

/** One HTTP call of the timeline, printed; throws on a refusal. */
type Call = (token: string, method: string, url: string, body?: Json) => Promise<Json>;

/** The carrier's side of the story: its webhook secret, and a wait for a return's label. */
interface CarrierSide {
  /** The secret the stand-in signs tracking webhooks with (the adapter's `webhookSecret`). */
  webhookSecret: string;
  /** Resolves with return `id` once the label job recorded its label (`return.label_created`). */
  labelBought: (id: string) => Promise<Json>;
}

interface RequestStoryInput {
  base: string;
  call: Call;
  customerToken: string;
  merchantToken: string;
  orderId: string;
  carrier: CarrierSide;
}

/** The carrier's scans of the parcel, in the order it sends them. */
const SCANS = ["in_transit", "delivered"] as const;

/** What alice fills into the request form, by sku. */
const CHOICES: Record<string, Json> = {
  "KNIT-GRN-M": { reason: "TOO_SMALL_AT_CHEST", resolution: "REFUND" },
  "SOCKS-3PK": { reason: "CHANGED_MIND", resolution: "REFUND", quantity: 3 },
  "BELT-BLK": { reason: "NOT_AS_DESCRIBED", resolution: "REFUND" },
};

/** The back office's decision per sku: approve, or reject with a reason. */
const DECISIONS: Record<string, { event: "approve" | "reject"; body: Json }> = {
  "KNIT-GRN-M": { event: "approve", body: { note: "within the return window" } },
  "SOCKS-3PK": { event: "approve", body: { note: "unopened packs only" } },
  "BELT-BLK": {
    event: "reject",
    body: { reason_code: "NOT_ELIGIBLE", note: "the belt is as described" },
  },
};

/** How each approved line is graded; the socks come back with one pair worn. */
const GRADES: Record<string, { body: Json; fewer: number }> = {
  "KNIT-GRN-M": { body: { condition: "LIKE_NEW", disposition: "RESTOCK" }, fewer: 0 },
  "SOCKS-3PK": { body: { condition: "NEW", disposition: "RESTOCK" }, fewer: 1 },
};

export interface RequestStoryResult {
  requestId: string;
  /** Each return of the request, in line order. */
  returns: { sku: string; id: string; final: string; transitions: number }[];
  /** The request as the back office read it last: its `refund` adds up its returns'. */
  request: Json;
}

/** Sends `event` through the template `view` offers, or says which one was missing. */
async function follow(call: Call, token: string, view: Json, event: string, body?: Json) {
  const form = view._templates?.[event];
  if (!form) throw new Error(`no "${event}" template offered on ${view.id} in state ${view.state}`);
  return call(token, form.method, form.target, body);
}

export async function runRequestStory(input: RequestStoryInput): Promise<RequestStoryResult> {
  const { base, call, customerToken, merchantToken } = input;
  const returnable = await call(
    customerToken,
    "GET",
    `${base}/v1/portal/orders/${input.orderId}/returnable`,
  );
  const form = returnable._templates?.create_request;
  if (!form) throw new Error(`no "create_request" form offered on ${input.orderId}`);
  const created = await call(
    customerToken,
    form.method,
    form.target,
    requestBodyFromTemplate(form.properties, CHOICES),
  );
  await follow(call, customerToken, created, "submit", { note: "one parcel, three items" });

  // The back office reads the request through its own route and decides each return on its own.
  const requestPath = `${base}/v1/merchant/return-requests/${created.id}`;
  let request = await call(merchantToken, "GET", requestPath);
  for (const one of request.returns as Json[]) {
    const decision = DECISIONS[one.line.sku]!;
    await follow(call, merchantToken, one, decision.event, decision.body);
  }
  request = await call(merchantToken, "GET", requestPath);
  const approved = (request.returns as Json[]).filter((one) => one.state === "approved");
  const labelled = await Promise.all(approved.map((one) => input.carrier.labelBought(one.id)));
  printLabel(labelled[0]!);
  for (const [index, scan] of SCANS.entries()) {
    await postScan(base, input.carrier.webhookSecret, labelled[0]!.label, scan, index);
  }

  // The carrier's scans shipped and received the parcel's returns: staff grade and close them.
  request = await call(merchantToken, "GET", requestPath);
  for (const received of request.returns as Json[]) {
    const grade = GRADES[received.line.sku];
    if (!grade) continue;
    const accepted = received._templates.grade.properties.find(
      (p: Json) => p.name === "accepted_quantity",
    ).value as number;
    const graded = await follow(call, merchantToken, received, "grade", {
      ...grade.body,
      accepted_quantity: accepted - grade.fewer,
    });
    await follow(call, merchantToken, graded, "close");
  }
  request = await call(merchantToken, "GET", requestPath);
  printRefunds(request);
  return {
    requestId: request.id,
    returns: (request.returns as Json[]).map((one) => ({
      sku: one.line.sku,
      id: one.id,
      final: one.state,
      transitions: one.history.length,
    })),
    request,
  };
}

/** The label the approval bought: carrier and service, tracking number, what it cost. */
function printLabel(record: Json) {
  const label = record.label;
  const cost = label.cost
    ? `${toDecimalAmount(label.cost.amount, label.cost.currency)} ${label.cost.currency}`
    : "-";
  console.log(
    `    ${pc.cyan("label")} ${label.status} by ${label.carrier} ${label.service ?? ""}, tracking ${pc.bold(label.tracking_number)}, cost ${cost} ${pc.dim(`(bought at approval by the label job; ${label.label_url})`)}`,
  );
}

/**
 * Posts one scan of the parcel as the carrier does: an EasyPost tracker Event, signed with the
 * webhook secret, to the public `POST /v1/carriers/easypost/events` (no bearer token).
 */
async function postScan(base: string, secret: string, label: Json, status: string, index: number) {
  // Scan times a minute apart, in the order sent: scans move returns in lifecycle order.
  const datetime = new Date(Date.now() + index * 60_000).toISOString();
  const id = `evt_demo_${label.tracking_number}_${index}`;
  const body = JSON.stringify(
    trackerEvent({ id, tracking_code: label.tracking_number, status, datetime }),
  );
  const response = await fetch(`${base}/v1/carriers/easypost/events`, {
    method: "POST",
    headers: signEasyPostWebhook(body, secret),
    body,
  });
  const receipt = (await response.json()) as Json;
  if (!response.ok)
    throw new Error(`the ${status} scan was refused: ${receipt.detail ?? response.status}`);
  console.log(
    `    ${pc.cyan("carrier")} POST  /v1/carriers/easypost/events ${pc.green(String(response.status))}  ${status} scan, signed ${pc.dim(`→ ${receipt.returns_updated} returns updated`)}`,
  );
}

/** Each return's final refund, and the request's, as the back office sees them. */
function printRefunds(request: Json) {
  for (const one of request.returns as Json[]) {
    const r = one.refund;
    const amount = (minor: number) => toDecimalAmount(minor, r.currency);
    const accepted = one.grade?.accepted_quantity;
    console.log(
      `    ${pc.dim("refund")} ${one.line.sku.padEnd(11)} ${one.state.padEnd(9)} ${amount(r.total).padStart(7)} ${r.currency}  ${pc.dim(`${one.line.quantity} sent${accepted === undefined ? "" : `, ${accepted} accepted`}: items ${amount(r.item_amount)} − restocking ${amount(r.restocking_fee)} − label share ${amount(r.return_shipping_fee)} · ${r.status}`)}`,
    );
  }
  const total = request.refund;
  const amount = (minor: number) => toDecimalAmount(minor, total.currency);
  console.log(
    `    ${pc.bold("request")} ${request.id} refunds ${pc.bold(`${amount(total.total)} ${total.currency}`)} ${pc.dim(`(${total.status}; the label's ${amount(total.return_shipping_fee)} shared)`)}`,
  );
}
