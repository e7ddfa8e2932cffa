// An ESM shop backend: Hono sub-app, a return from draft to closed over HTTP, a webhook verified.

import { inspect } from "node:util";
import { returnsApp } from "@returnkit/adapter-hono";
import {
  createReturnsService,
  generateWebhookSecret,
  ProblemError,
  signWebhook,
} from "@returnkit/core";
import { verifyWebhook, WebhookVerificationError } from "@returnkit/webhook-verify";

const who = {
  portal: "portal|u1|portal:returns.write",
  merchant: "merchant|m1|merchant:returns.write",
};
const auth = {
  authenticate: (r) => {
    const [kind, id, scope] = (r.headers.get("authorization") ?? "").split("|");
    return id ? { kind, id, scopes: [scope] } : null;
  },
};
const app = returnsApp(
  createReturnsService({ baseUrl: "http://x", auth, idempotency: { required: false } }),
);
const call = async (as, path, body) =>
  (
    await app.request(`http://x${path}`, {
      method: "POST",
      headers: { authorization: who[as], "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
    })
  ).json();
let r = await call("portal", "/v1/portal/returns", {
  order_id: "o1",
  line: { sku: "TEE" },
  reason: "TOO_SMALL",
  resolution: "EXCHANGE",
  exchange_for: { sku: "TEE-L" },
});
for (const e of ["submit", "approve", "ship", "receive", "grade", "close"])
  r = await call(
    e === "submit" ? "portal" : "merchant",
    e === "submit" ? `/v1/portal/returns/${r.id}/submit` : `/v1/merchant/returns/${r.id}/${e}`,
  );
const secret = generateWebhookSecret(),
  body = JSON.stringify({ type: "return.closed", timestamp: r.updated_at, data: { return: r } }),
  ts = Math.floor(Date.now() / 1000);
const event = await verifyWebhook({
  payload: body,
  headers: {
    "webhook-id": "evt_1",
    "webhook-timestamp": String(ts),
    "webhook-signature": signWebhook(secret, "evt_1", ts, body),
  },
  secret,
});
if (r.state !== "closed" || event.type !== "return.closed")
  throw new Error(`ESM consumer failed: ${r.state}`);

// The build keeps names: logs and util.inspect print the class, not a renamed _ProblemError.
for (const pkg of [
  "core",
  "adapter-hono",
  "adapter-express",
  "store-postgres",
  "webhook-verify",
  "carrier-easypost",
])
  for (const [key, value] of Object.entries(await import(`@returnkit/${pkg}`)))
    if (typeof value === "function" && value.name !== key)
      throw new Error(`ESM consumer: @returnkit/${pkg} exports ${key} named ${value.name}`);
const refused = await verifyWebhook({ payload: body, headers: {}, secret }).catch((e) => e);
for (const [error, name] of [
  [new ProblemError(400, "invalid", "Invalid", "bad input"), "ProblemError"],
  [refused, "WebhookVerificationError"],
])
  if (error.constructor.name !== name || !inspect(error).startsWith(`${name}: `))
    throw new Error(`ESM consumer: ${name} prints as ${inspect(error).split("\n")[0]}`);
if (!(refused instanceof WebhookVerificationError)) throw new Error("ESM consumer: not refused");

// The store entry shares its modules with the main one: one StoreUnavailableError class.
const forStores = await import("@returnkit/core/store");
const core = await import("@returnkit/core");
if (forStores.StoreUnavailableError !== core.StoreUnavailableError)
  throw new Error("ESM consumer: @returnkit/core/store holds a second StoreUnavailableError");

console.log("ESM: return", r.id, "closed after", r.history.length, "steps; webhook verified");
