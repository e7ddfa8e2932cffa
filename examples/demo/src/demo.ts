/**
 * `pnpm demo`: the whole product in one process tree with no outside services — a Hono
 * server on the PGlite store (kept in ./.returnkit-data) bound to an in-memory order book, the
 * development authorization server, and a webhook receiver verifying every delivery. Scripted
 * customer agents and a back office drive six stories by following the `_templates` each
 * response offers, starting from the `create` form a returnable order line carries (two of them
 * exchanges: one instant, one for a dearer colour the customer pays for); a
 * three-item request starts from the order's `create_request` form and ships as one parcel
 * (request-story.ts): its approval buys the return label from the EasyPost stand-in
 * (`@returnkit/carrier-easypost/stand-in`), and the carrier's signed tracking webhooks ship and
 * receive its returns with no staff click; one more return is refused by its order, and the agent reads why from
 * the problem. At
 * `return.graded` (the refund is final) an in-process subscriber pays the refund or the store
 * credit and records the payout (`service.recordRefund`, published as `return.refunded`); its
 * exchange desk (exchange-desk.ts) takes an exchange's payment at approval, creates the
 * exchange order when it is released and places and releases an instant exchange's hold.
 *
 * It ends with one return's delivery log, read as the back office would (`/v1/webhooks/…`).
 *
 * Exits 0 only if every webhook the stories produced arrived, verified, every closed return
 * had its refund or exchange issued once (each payment recorded on its return), and the
 * request's refunds add up.
 */
import { randomUUID } from "node:crypto";
import { EventEmitter, once } from "node:events";
import { fileURLToPath } from "node:url";
import { easypostCarrier } from "@returnkit/carrier-easypost";
import { startEasyPostStandIn } from "@returnkit/carrier-easypost/stand-in";
import {
  consoleLogger,
  generateWebhookSecret,
  type Principal,
  type Refund,
  type RefundPolicyInput,
  type ReturnsService,
  type Subscriber,
  toDecimalAmount,
} from "@returnkit/core";
import pc from "picocolors";
import { PICTURES_PATH } from "../../hono-server/src/pictures";
import { startReturnsServer } from "../../hono-server/src/server";
import { startWebhookReceiver, type WebhookReceiver } from "../../webhook-receiver/src/receiver";
import { printDeliveryLog } from "./delivery-log";
import { EXCHANGE_DESK_TYPES, exchangeDesk } from "./exchange-desk";
import { runMcpStory } from "./mcp-agents";
import {
  authorizationCodeToken,
  clientCredentialsToken,
  discoverFromChallenge,
} from "./oauth-agent";
import { bodyFromTemplate, DEMO_REASONS, demoExchangeOffers, demoOrderBook } from "./order-book";
import { type RequestStoryResult, runRequestStory } from "./request-story";
import { printTable } from "./table";

// biome-ignore lint/suspicious/noExplicitAny: the demo reads response bodies loosely, like a script would
type Json = Record<string, any>;

interface Step {
  event: string;
  as: "customer" | "merchant";
  body?: Json;
  /** An event the step sets off through the shop's own code, waited for before the next step. */
  until?: string;
}

interface Story {
  label: string;
  title: string;
  customer: "alice" | "bob";
  /** The demo order (see order-book.ts) and the line of it to return. */
  order: string;
  sku: string;
  /** What the customer fills into the line's `create` form. */
  choices: Json;
  steps: Step[];
}

/** The demo's receiver endpoint and subscriber, removed when it ends. */
const DEMO_ENDPOINT_ID = "ep_returnkit_demo";
const SHOP_SUBSCRIBER = "fulfilment";

const STORIES: Story[] = [
  {
    label: "instant exchange",
    title:
      "Instant exchange: a tee too small at the chest; the L goes out at approval, its hold released on arrival",
    customer: "alice",
    order: "1001",
    sku: "TEE-BLK-M",
    choices: {
      reason: "TOO_SMALL_AT_CHEST",
      resolution: "EXCHANGE",
      "exchange_for.sku": "TEE-BLK-L",
    },
    steps: [
      { event: "submit", as: "customer" },
      {
        event: "approve",
        as: "merchant",
        body: { note: "within the return window" },
        until: "return.exchange_order_recorded",
      },
      {
        event: "ship",
        as: "merchant",
        body: { carrier: "DHL", tracking_number: "JD014600003828" },
      },
      { event: "receive", as: "merchant" },
      { event: "grade", as: "merchant", body: { condition: "LIKE_NEW", disposition: "RESTOCK" } },
      { event: "close", as: "merchant" },
    ],
  },
  {
    label: "dearer colour, paid",
    title: "Exchange for a dearer colour: the customer pays €10.00, then the red jumper goes out",
    customer: "alice",
    order: "5005",
    sku: "KNIT-GRN-L",
    choices: { reason: "CHANGED_MIND", resolution: "EXCHANGE", "exchange_for.sku": "KNIT-RED-L" },
    steps: [
      { event: "submit", as: "customer" },
      { event: "approve", as: "merchant", until: "return.exchange_order_recorded" },
      {
        event: "ship",
        as: "merchant",
        body: { carrier: "DHL", tracking_number: "JD014600003829" },
      },
      { event: "receive", as: "merchant" },
      { event: "grade", as: "merchant", body: { condition: "NEW", disposition: "RESTOCK" } },
      { event: "close", as: "merchant" },
    ],
  },
  {
    label: "damaged refund",
    title: "Refund: boots that arrived damaged",
    customer: "bob",
    order: "2002",
    sku: "BOOT-BRN-42",
    choices: { reason: "DAMAGED", resolution: "REFUND" },
    steps: [
      { event: "submit", as: "customer" },
      { event: "approve", as: "merchant" },
      { event: "ship", as: "merchant", body: { carrier: "UPS" } },
      { event: "receive", as: "merchant" },
      { event: "grade", as: "merchant", body: { condition: "DAMAGED", disposition: "RECYCLE" } },
      { event: "close", as: "merchant" },
    ],
  },
  {
    label: "flag / unflag",
    title: "Flagged for review, then cleared and shipped",
    customer: "alice",
    order: "1001",
    sku: "JEANS-32-34",
    choices: { reason: "TOO_LONG_AT_INSEAM", resolution: "STORE_CREDIT" },
    steps: [
      { event: "submit", as: "customer" },
      { event: "approve", as: "merchant" },
      { event: "flag", as: "merchant", body: { note: "third return this month, check history" } },
      { event: "unflag", as: "merchant", body: { note: "history is fine" } },
      { event: "ship", as: "merchant" },
    ],
  },
  {
    label: "rejected",
    title: "Rejected: the photos show a worn scarf",
    customer: "bob",
    order: "2002",
    sku: "SCARF-GRY",
    choices: { reason: "CHANGED_MIND", resolution: "REFUND" },
    steps: [
      { event: "submit", as: "customer" },
      {
        event: "reject",
        as: "merchant",
        body: { reason_code: "NOT_ELIGIBLE", note: "worn, tags removed" },
      },
    ],
  },
  {
    label: "cancelled draft",
    title: "A draft the customer cancels",
    customer: "alice",
    order: "1001",
    sku: "CAP-RED",
    choices: { reason: "NOT_AS_DESCRIBED", resolution: "REFUND" },
    steps: [{ event: "cancel", as: "customer", body: { note: "found the receipt, keeping it" } }],
  },
];

const STATE_COLOUR: Record<string, (s: string) => string> = {
  draft: pc.gray,
  submitted: pc.blue,
  approved: pc.cyan,
  in_transit: pc.cyan,
  received: pc.cyan,
  graded: pc.cyan,
  closed: pc.green,
  rejected: pc.red,
  flagged: pc.yellow,
  cancelled: pc.magenta,
};
const state = (s: string) => (STATE_COLOUR[s] ?? pc.white)(s.padEnd(10));
const status = (n: number) => (n < 300 ? pc.green : n < 500 ? pc.yellow : pc.red)(String(n));
const heading = (text: string) => console.log(`\n${pc.bold(pc.underline(text))}`);

/**
 * The shop's refund policy: 10 % restocking and a €4.95 return label, both waived when the
 * item arrived damaged or was the wrong one; 10 % extra as store credit; 20 % off a used item.
 */
const REFUND_POLICY: RefundPolicyInput = {
  restocking_fee: { percent: 10, waived_for_reasons: ["DAMAGED", "WRONG_ITEM"] },
  return_shipping_fee: { amount: { EUR: 495 }, waived_for_reasons: ["DAMAGED", "WRONG_ITEM"] },
  store_credit_bonus_percent: 10,
  condition_deductions: { USED: 20 },
};

/** "€26.10": a refund's total in the major unit of its currency. */
function money(refund: Pick<Refund, "total" | "currency">): string {
  return `${toDecimalAmount(refund.total, refund.currency)} ${refund.currency}`;
}

/** What a final refund sets off in the shop, per resolution. */
const OUTCOME: Record<string, string> = {
  REFUND: "refund issued",
  EXCHANGE: "exchange difference refunded",
  STORE_CREDIT: "store credit issued",
};

/** Emits "arrived" for each verified webhook and each refund or exchange issued. */
const arrivals = new EventEmitter();

/**
 * Waits until return `id` has an event of `type` (one the shop's own code sets off, through the
 * outbox), then answers the return as it is then; after `timeoutMs`, throws.
 */
async function afterShop(
  service: ReturnsService,
  id: string,
  type: string,
  current: Json,
  timeoutMs = 15_000,
): Promise<Json> {
  const deadline = AbortSignal.timeout(timeoutMs);
  for (;;) {
    const events = await service.store.listEvents(id);
    if (events.some((event) => event.type === type)) {
      const stored = await service.store.getReturn(id);
      return { ...current, ...stored?.record };
    }
    if (deadline.aborted) throw new Error(`${type} of ${id} did not come`);
    await once(arrivals, "arrived", { signal: deadline }).catch(() => undefined);
  }
}

/**
 * Resolves once every event the store holds for return `id` has arrived verified (and, for a
 * closed return, its refund or exchange is issued), so a story's last webhooks print under its
 * own heading rather than the next one. After `timeoutMs` it resolves anyway: section 7 says
 * what is missing.
 */
async function storyDelivered(
  id: string,
  closed: boolean,
  sources: {
    service: ReturnsService;
    receiver: WebhookReceiver;
    outcomesOf: (id: string) => string[];
  },
  timeoutMs = 15_000,
) {
  const expected = (await sources.service.store.listEvents(id)).map((event) => event.id);
  const delivered = () => {
    const got = new Set(sources.receiver.timeline(id).map((webhook) => webhook.id));
    return (
      expected.every((event) => got.has(event)) && (!closed || sources.outcomesOf(id).length > 0)
    );
  };
  const deadline = AbortSignal.timeout(timeoutMs);
  while (!delivered() && !deadline.aborted) {
    await once(arrivals, "arrived", { signal: deadline }).catch(() => undefined);
  }
}

/** What the shop does: pays exactly `refund.total` (its final amount). */
function outcomeOf(resolution: string, refund: Refund | null): string {
  const outcome = OUTCOME[resolution] ?? resolution;
  return refund ? `${outcome} ${money(refund)}` : `${outcome}: no price, by hand`;
}

/** The shop's fulfilment code, acting as the back office when it records a payout. */
const FULFILMENT: Principal = {
  kind: "merchant",
  id: "fulfilment",
  scopes: ["merchant:returns.write"],
};

/**
 * Pays what `record`'s final refund has left (a refund or store credit; an exchange is settled
 * in goods) and records the payout on the return. The reference is the payment's: one per
 * return here, so a second delivery of the event records nothing more.
 */
async function payAndRecord(service: ReturnsService, record: Json, eventId: string) {
  const refund = record.refund as Refund | null;
  const left = refund ? refund.total - record.refunded_amount : 0;
  if (!refund || left <= 0) return;
  await service.recordRefund(
    record.id,
    { amount: left, reference: `pay_demo_${record.id}` },
    { principal: FULFILMENT, idempotencyKey: `payout-${eventId}` },
  );
}

/**
 * The shop's own code, run in this process through the outbox: at `return.graded` (the refund
 * is final) it "pays" the refund or store credit (exactly `refund.total`) and records the
 * payout; an exchange's payment, order and hold are its exchange desk's (exchange-desk.ts).
 * Delivery is at least once, so it is keyed by event id (and the payout by its reference).
 */
function fulfilment(serviceOf: () => ReturnsService) {
  const issued = new Map<string, { returnId: string; outcome: string; paid: number }>();
  const say = (
    text: string,
    event: { return_id: string | null; seq: number | null },
    what: string,
  ) =>
    console.log(
      `        ${pc.green("⇢ subscriber")} ${text.padEnd(34)} ${pc.dim(`${event.return_id} #${event.seq ?? "-"} · ${what}`)}`,
    );
  const subscriber: Subscriber = {
    name: SHOP_SUBSCRIBER,
    types: ["return.graded", ...EXCHANGE_DESK_TYPES] as Subscriber["types"],
    async handle(event) {
      if (issued.has(event.id)) return;
      const record = event.payload.data.return;
      const { resolution, order_id, line, refund, request_id } = record;
      const what = `${line.quantity} × ${line.sku}${record.exchange ? ` for ${record.exchange.lines[0]?.sku}` : ""} on ${request_id ? `${order_id}, request ${request_id}` : order_id}`;
      if (event.type !== "return.graded") {
        const action = await exchangeDesk(serviceOf(), FULFILMENT, event);
        if (!action) return;
        if (action.issued)
          issued.set(event.id, { returnId: record.id, outcome: action.text, paid: 0 });
        say(action.text, event, what);
        arrivals.emit("arrived");
        return;
      }
      // An exchange pays only a difference the shop refunds (`refund.total`), as any refund.
      await payAndRecord(serviceOf(), record, event.id);
      if (resolution === "EXCHANGE" && !refund?.total) return;
      const outcome = outcomeOf(resolution, refund);
      issued.set(event.id, { returnId: record.id, outcome, paid: refund?.total ?? 0 });
      say(outcome, event, what);
      arrivals.emit("arrived");
    },
  };
  const of = (returnId: string) => [...issued.values()].filter((i) => i.returnId === returnId);
  const outcomesOf = (returnId: string) => of(returnId).map((i) => i.outcome);
  /** What the shop paid out for a return, in minor units. */
  const paidFor = (returnId: string) => of(returnId).reduce((sum, i) => sum + i.paid, 0);
  return { subscriber, outcomesOf, paidFor };
}

async function main() {
  const started = Date.now();
  const secret = generateWebhookSecret();
  let service: ReturnsService | undefined;
  const shop = fulfilment(() => {
    if (!service) throw new Error("the subscriber ran before the service started");
    return service;
  });
  const dataDir =
    process.env.RETURNKIT_DATA ?? `${process.env.INIT_CWD ?? process.cwd()}/.returnkit-data`;
  const receiver = await startWebhookReceiver({
    secrets: [secret],
    onWebhook: (w) => {
      console.log(
        `        ${pc.magenta("⇢ webhook")} ${w.event.type.padEnd(20)} ${pc.dim(`${w.returnId} #${w.seq}`)} ${pc.green("verified")} ${pc.dim(`from ${w.requestId ?? "-"}`)}`,
      );
      arrivals.emit("arrived");
    },
    onRejected: (error) => console.log(`        ${pc.red("⇢ webhook rejected")} ${error.code}`),
  });
  // The carrier: EasyPost's API as its local stand-in answers it (no account, nothing charged).
  const easypost = await startEasyPostStandIn();
  const carrierSecret = generateWebhookSecret();
  const run = Date.now().toString(36);
  const orders = demoOrderBook(run);
  const fitSignalLines: string[] = [];
  const printFitSignals = () => {
    for (const line of fitSignalLines.splice(0)) console.log(line);
  };
  const server = await startReturnsServer({
    port: 0,
    dataDir,
    // The same orders, their pictures named by the server's own URL, known once it listens.
    orders: (baseUrl) => demoOrderBook(run, Date.now(), `${baseUrl}${PICTURES_PATH}`).book,
    // Served by the demo's own server, so the pages show them offline.
    picturesDir: fileURLToPath(new URL("../pictures", import.meta.url)),
    reasons: DEMO_REASONS,
    refundPolicy: REFUND_POLICY,
    // Other variants, priced; instant: the new item goes out at approval, against a hold.
    exchanges: { offers: demoExchangeOffers(), instant: { holdDays: 14 } },
    // One id every run: a run that died before removing it leaves one endpoint, which the next
    // run points at its own receiver, instead of one more dead port for `pnpm start` to retry.
    webhookEndpoints: [{ id: DEMO_ENDPOINT_ID, url: receiver.url, secret }],
    // The demo's receiver listens on this machine, which webhooks may not reach unless allowed.
    allowedDestinations: [new URL(receiver.url).hostname],
    retrySchedule: [0, 200, 1_000, 5_000],
    subscribers: [shop.subscriber],
    // An approval buys the parcel's return label (on the scheduler); scans move the returns.
    carriers: {
      label: easypostCarrier({
        apiKey: easypost.apiKey,
        webhookSecret: carrierSecret,
        baseUrl: easypost.baseUrl,
      }),
      returnsAddress: {
        name: "Returns",
        company: "returnkit example shop",
        street1: "388 Townsend St",
        city: "San Francisco",
        state: "CA",
        postal_code: "94107",
        country: "US",
      },
      parcel: { weight_grams: 900 },
    },
    // The demo prints each call itself; the service speaks only of trouble.
    logger: consoleLogger({ level: "warn" }),
    // Held until the line of the call that caused it is printed (see `call`).
    onFitSignal: (s) =>
      fitSignalLines.push(
        `        ${pc.yellow("★ fit signal")} ${s.sku} ${s.size_ordered ?? "?"}→${s.exchange_sku ?? "-"} ${s.direction}${s.body_part ? ` at ${s.body_part}` : ""} · ${s.stage}${s.confirmed ? " (confirmed)" : ""}`,
      ),
  }).catch(async (error: unknown) => {
    // `pnpm start` may have the data directory: the open receiver must not keep us running.
    await receiver.close();
    await easypost.close();
    throw error;
  });
  service = server.service;
  const base = server.baseUrl;
  const delivery = { service: server.service, receiver, outcomesOf: shop.outcomesOf };
  console.log(pc.bold("returnkit demo"));
  console.log(`  server     ${base}   store: PGlite at ${dataDir}`);
  console.log(`  auth       ${server.auth.issuer}   (in-process oidc-provider)`);
  console.log(`  receiver   ${receiver.url}   (verifies with @returnkit/webhook-verify)`);
  console.log(
    `  orders     ${orders.id("1001")}, ${orders.id("2002")} and ${orders.id("2003")} (inMemoryOrders)`,
  );

  try {
    heading("1. An agent discovers the authorization server from a 401");
    const discovery = await discoverFromChallenge(`${base}/v1/portal/returns`);
    console.log(
      `  GET /v1/portal/returns → ${status(401)}, WWW-Authenticate resource_metadata=${pc.dim(discovery.resourceMetadataUrl)}`,
    );
    console.log(
      `  authorization server ${discovery.authorizationServer}, token endpoint ${pc.dim(discovery.tokenEndpoint)}`,
    );

    heading("2. Tokens");
    const portalScopes = ["portal:returns.read", "portal:returns.write"];
    const tokens = {
      alice: await authorizationCodeToken(
        discovery,
        { id: server.auth.portalClientId, redirectUri: server.auth.portalRedirectUri },
        "alice",
        portalScopes,
      ),
      bob: await authorizationCodeToken(
        discovery,
        { id: server.auth.portalClientId, redirectUri: server.auth.portalRedirectUri },
        "bob",
        portalScopes,
      ),
      merchant: await clientCredentialsToken(
        discovery,
        { id: server.auth.merchantClientId, secret: server.auth.merchantClientSecret },
        ["merchant:returns.read", "merchant:returns.write", "merchant:webhooks.manage"],
      ),
    };
    console.log(`  alice, bob   authorization code + PKCE S256 ${pc.green("✓")}`);
    console.log(`  back office  client credentials ${pc.green("✓")}`);

    const call = async (
      token: string,
      method: string,
      url: string,
      body?: Json,
      { refusal = false } = {},
    ) => {
      const response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(method === "GET"
            ? {}
            : { "idempotency-key": randomUUID(), "content-type": "application/json" }),
        },
        body: body ? JSON.stringify(body) : method === "GET" ? undefined : "{}",
      });
      const json = (await response.json()) as Json;
      const path = new URL(url).pathname
        .replace(/(ret|rrq)_[0-9A-Z]{26}/, (id) => `${id.slice(0, 10)}…`)
        .replace(/(ord_\d+)_[0-9a-z]+/, "$1_…");
      const detail = !response.ok
        ? pc.red(json.detail)
        : json.object === "list"
          ? `${json.data.length} returns`
          : json.object === "returnable_order"
            ? `${json.lines.filter((l: Json) => l.refusal === null).length} of ${json.lines.length} lines returnable`
            : json.object === "return_request"
              ? `${json.returns.length} returns: ${json.returns.map((r: Json) => r.state).join(", ")}`
              : `${state(json.state)} v${json.version}`;
      // The id to quote when asking about this call; its webhooks name it too.
      const requestId = pc.dim(response.headers.get("request-id") ?? "");
      console.log(
        `    ${method.padEnd(5)} ${path.padEnd(48)} ${status(response.status)}  ${requestId}  ${detail}`,
      );
      printFitSignals();
      if (response.ok === refusal) {
        throw new Error(`${method} ${url} → ${response.status} ${json.detail ?? ""}`);
      }
      return json;
    };

    const earlier = await call(tokens.merchant, "GET", `${base}/v1/merchant/returns?limit=100`);
    console.log(
      `  ${earlier.data.length ? `${earlier.data.length}${earlier.next_cursor ? "+" : ""} returns from earlier runs are in the store` : "the store is empty: a first run"}`,
    );

    heading("3. Stories (every step follows a _template the previous response offered)");
    const results: { label: string; id: string; final: string; transitions: number }[] = [];
    for (const [index, story] of STORIES.entries()) {
      console.log(
        `\n  ${pc.bold(`${index + 1}. ${story.title}`)} ${pc.dim(`(${story.customer})`)}`,
      );
      // What can be returned from the order; the line's own form starts the return.
      const returnable = await call(
        tokens[story.customer],
        "GET",
        `${base}/v1/portal/orders/${orders.id(story.order)}/returnable`,
      );
      const line = returnable.lines.find((candidate: Json) => candidate.sku === story.sku);
      const form = line?._templates.create;
      if (!form) throw new Error(`no "create" form offered for ${story.sku}`);
      // The reasons the shop allows for this product, as the customer page offers them.
      const fit = line.reasons.fit;
      console.log(
        pc.dim(
          `        reasons for ${story.sku}: ${line.reasons.categories.join(", ")}${fit ? `; fit ${fit.body_parts.length ? `at ${fit.body_parts.join(", ")}` : `only ${fit.directions.join(" or ")}`}` : ""}`,
        ),
      );
      let current = await call(
        tokens[story.customer],
        form.method,
        form.target,
        bodyFromTemplate(form.properties, story.choices),
      );
      const id = current.id as string;
      let merchantView: Json | undefined;
      for (const step of story.steps) {
        const token = step.as === "customer" ? tokens[story.customer] : tokens.merchant;
        // Each caller sees its own templates; the back office reads the return through its own link.
        if (step.as === "merchant" && !merchantView) {
          merchantView = await call(token, "GET", `${base}/v1/merchant/returns/${id}`);
        }
        const view = step.as === "customer" ? current : merchantView!;
        const template = view._templates?.[step.event];
        if (!template)
          throw new Error(`no "${step.event}" template offered in state ${view.state}`);
        current = await call(token, template.method, template.target, step.body);
        if (step.until) current = await afterShop(server.service, id, step.until, current);
        if (step.as === "merchant") merchantView = current;
        else merchantView = undefined;
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
      results.push({
        label: story.label,
        id,
        final: current.state,
        transitions: current.history.length,
      });
      await storyDelivered(id, current.state === "closed", delivery);
    }

    heading(
      "4. Two AI agents over MCP: carol's assistant starts a return, the back office closes it",
    );
    const mcpUrl = `${base}/mcp`;
    const mcp = await runMcpStory({
      mcpUrl,
      // Tokens for the MCP resource: a token for the REST API would be refused there.
      customerToken: await server.auth.portalToken("carol", mcpUrl),
      merchantToken: await server.auth.merchantToken(mcpUrl),
      orderId: orders.id("3003"),
    });
    results.push({ label: "MCP agents", ...mcp });
    await storyDelivered(mcp.id, mcp.final === "closed", delivery);

    heading("5. A three-item request: one form, one parcel, one refund that adds up");
    console.log(
      `\n  ${pc.bold("Alice returns three items of one order in one request")} ${pc.dim("(alice)")}`,
    );
    const request = await runRequestStory({
      base,
      call,
      customerToken: tokens.alice,
      merchantToken: tokens.merchant,
      orderId: orders.id("4004"),
      carrier: {
        webhookSecret: carrierSecret,
        labelBought: (id) => afterShop(server.service, id, "return.label_created", {}),
      },
    });
    for (const one of request.returns) {
      results.push({ label: `request: ${one.sku}`, ...one });
      await storyDelivered(one.id, one.final === "closed", delivery);
    }
    const refundsAddUp = checkRequestRefunds(request, shop.paidFor);

    heading("6. A return its order refuses: what the agent sees");
    const late = orders.id("2003");
    console.log(
      `\n  ${pc.bold("Bob asks to return a coat delivered 45 days ago")} ${pc.dim("(bob)")}`,
    );
    const view = await call(tokens.bob, "GET", `${base}/v1/portal/orders/${late}/returnable`);
    const coat = view.lines[0] as Json;
    console.log(
      `    the line says ${pc.yellow(coat.refusal)} and offers no form; the agent asks anyway:`,
    );
    const problem = await call(
      tokens.bob,
      "POST",
      `${base}/v1/portal/returns`,
      {
        order_id: late,
        line: { sku: coat.sku, size: coat.size },
        reason: "CHANGED_MIND",
        resolution: "REFUND",
      },
      { refusal: true },
    );
    console.log(
      pc.dim(
        `    ${JSON.stringify({ type: problem.type, status: problem.status, returnable_until: problem.returnable_until })}`,
      ),
    );

    heading("7. Waiting for every webhook and subscriber");
    await server.service.dispatcher.drain({ timeoutMs: 30_000 });
    printFitSignals();
    const rows: string[][] = [];
    let allDelivered = true;
    for (const { label, id, final, transitions } of results) {
      const expected = await server.service.store.listEvents(id);
      const got = new Set(receiver.timeline(id).map((w) => w.id));
      const delivered = expected.filter((e) => got.has(e.id)).length;
      const inOrder = receiver
        .timeline(id)
        .every((w, i, all) => i === 0 || all[i - 1]!.seq <= w.seq);
      const outcomes = shop.outcomesOf(id);
      // A closed return has its refund or exchange issued once; any other, nothing.
      const closedLoop = final === "closed" ? outcomes.length === 1 : outcomes.length === 0;
      // What the shop paid is what the return says was refunded (its payouts).
      const refunded = (await server.service.store.getReturn(id))?.record.refunded_amount ?? 0;
      const recorded = refunded === shop.paidFor(id);
      if (delivered !== expected.length || !inOrder || !closedLoop || !recorded) {
        allDelivered = false;
      }
      const fit = expected.filter((e) => e.type === "return.fit_signal").length;
      rows.push([
        label,
        id,
        final,
        String(transitions),
        `${delivered}/${expected.length}${inOrder ? "" : " out of order"}`,
        String(fit),
        outcomes.join(", ") || "-",
        recorded ? String(refunded) : pc.red(`${refunded}, paid ${shop.paidFor(id)}`),
      ]);
    }
    printTable(
      [
        "story",
        "return",
        "final state",
        "transitions",
        "webhooks verified",
        "fit signals",
        "paid by the shop",
        "recorded (minor units)",
      ],
      rows,
    );
    console.log(
      `\n  ${receiver.received.length} webhooks verified, ${receiver.duplicates} duplicate deliveries absorbed, ${receiver.rejected} rejected · ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    if (!refundsAddUp) {
      console.log(pc.red("\n✗ the request's refunds did not add up to what the shop paid"));
      process.exitCode = 1;
    }
    if (!allDelivered) {
      console.log(
        pc.red(
          "\n✗ some expected webhooks did not arrive verified, or a refund or exchange was not issued once",
        ),
      );
      process.exitCode = 1;
    } else {
      console.log(
        pc.green(
          pc.bold(
            "\n✓ every transition was published and arrived verified, in order; every closed return was refunded or exchanged",
          ),
        ),
      );
      console.log(pc.dim(`  run it again: the returns above stay in ${dataDir}`));
    }

    heading(`8. The delivery log of "${results[0]!.label}", through the webhook operations API`);
    await printDeliveryLog(base, tokens.merchant, results[0]!.id);
  } finally {
    await forgetDemoEndpoints(server.service);
    await server.close();
    await receiver.close();
    await easypost.close();
  }
}

/**
 * The shop paid each closed return of the request exactly its `refund.total` (the rejected one
 * nothing); those payments, and the returns' refunds, must add up to the request's
 * `refund.total`.
 */
function checkRequestRefunds(
  story: RequestStoryResult,
  paidFor: (returnId: string) => number,
): boolean {
  const refund = story.request.refund as Pick<Refund, "total" | "currency"> | null;
  const returns = story.request.returns as Json[];
  const paid = story.returns.reduce((sum, one) => sum + paidFor(one.id), 0);
  const owed = returns.reduce((sum, one) => sum + (one.refund?.total ?? 0), 0);
  const ok = refund !== null && paid === refund.total && owed === refund.total;
  const shown = (minor: number) => `${toDecimalAmount(minor, refund?.currency ?? "EUR")}`;
  console.log(
    `    ${ok ? pc.green("✓") : pc.red("✗")} paid by the subscriber ${shown(paid)} = returns' refunds ${shown(owed)} = request's refund.total ${refund ? money(refund) : "none"}`,
  );
  return ok;
}

/**
 * The receiver and the subscriber live only as long as the demo: `pnpm start` on the same data
 * must not retry deliveries to a port nobody listens on, nor keep events for a subscriber it
 * does not run. Removing an endpoint drops its pending deliveries.
 */
async function forgetDemoEndpoints(service: ReturnsService) {
  for (const id of [DEMO_ENDPOINT_ID, `sub_${SHOP_SUBSCRIBER}`]) {
    await service.dispatcher.removeEndpoint(id).catch((error: unknown) => {
      console.log(pc.red(`  could not remove the demo's endpoint ${id}: ${String(error)}`));
    });
  }
}

main().catch((error) => {
  console.error(
    pc.red(`\n✗ demo failed: ${error instanceof Error ? error.message : String(error)}`),
  );
  process.exitCode = 1;
});
