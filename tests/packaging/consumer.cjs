// A CommonJS backend: the same lifecycle in-process, and every package requires cleanly.
const { createReturnsService, memoryStore } = require("@returnkit/core");
const { returnsRouter } = require("@returnkit/adapter-express");
const { postgresStore } = require("@returnkit/store-postgres");
const { verifyWebhook } = require("@returnkit/webhook-verify");
const { inspect } = require("node:util");
const portal = { principal: { kind: "portal", id: "u1", scopes: ["portal:returns.write"] } },
  staff = { principal: { kind: "merchant", id: "m1", scopes: ["merchant:returns.write"] } };
(async () => {
  const service = createReturnsService({ store: memoryStore(), idempotency: { required: false } });
  const { record } = await service.createReturn(
    { order_id: "o1", line: { sku: "MUG" }, reason: "DAMAGED", resolution: "REFUND" },
    portal,
  );
  await service.submit(record.id, {}, portal);
  for (const e of ["approve", "ship", "receive", "grade", "close"])
    await service.advance(record.id, e, {}, staff);
  const final = await service.get(record.id, staff);
  if (
    final.state !== "closed" ||
    typeof returnsRouter !== "function" ||
    typeof postgresStore !== "function" ||
    typeof verifyWebhook !== "function"
  )
    throw new Error("CJS consumer failed");
  // The build keeps names: logs and util.inspect print the class, not a renamed _ProblemError.
  for (const pkg of [
    "core",
    "adapter-hono",
    "adapter-express",
    "store-postgres",
    "webhook-verify",
    "mcp",
    "carrier-easypost",
  ])
    for (const [key, value] of Object.entries(require(`@returnkit/${pkg}`)))
      if (typeof value === "function" && value.name !== key)
        throw new Error(`CJS consumer: @returnkit/${pkg} exports ${key} named ${value.name}`);
  // The adapter builds its EasyPost SDK client from the CommonJS build as from the ESM one.
  if (
    require("@returnkit/carrier-easypost").easypostCarrier({ apiKey: "k", webhookSecret: "s" })
      .name !== "easypost"
  )
    throw new Error("CJS consumer: @returnkit/carrier-easypost did not build its client");
  // A directory not on disk (memory://) needs no lock: this only proves the package loads.
  require("@returnkit/store-postgres").lockDataDir("memory://").release();
  const { ProblemError, StoreUnavailableError } = require("@returnkit/core");
  if (require("@returnkit/core/store").StoreUnavailableError !== StoreUnavailableError)
    throw new Error("CJS consumer: @returnkit/core/store holds a second StoreUnavailableError");
  const { WebhookVerificationError } = require("@returnkit/webhook-verify");
  const refused = await verifyWebhook({ payload: "{}", headers: {}, secret: "whsec_MTIz" }).catch(
    (e) => e,
  );
  for (const [error, name] of [
    [new ProblemError(400, "invalid", "Invalid", "bad input"), "ProblemError"],
    [refused, "WebhookVerificationError"],
  ])
    if (error.constructor.name !== name || !inspect(error).startsWith(`${name}: `))
      throw new Error(`CJS consumer: ${name} prints as ${inspect(error).split("\n")[0]}`);
  if (!(refused instanceof WebhookVerificationError)) throw new Error("CJS consumer: not refused");
  console.log("CJS: return", final.id, "closed; adapters, store and verifier load");
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
