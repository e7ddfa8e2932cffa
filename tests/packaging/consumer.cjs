// A CommonJS backend: the same lifecycle in-process, and every package requires cleanly.
const { createReturnsService, memoryStore } = require("@returnkit/core");
const { returnsRouter } = require("@returnkit/adapter-express");
const { postgresStore } = require("@returnkit/store-postgres");
const { verifyWebhook } = require("@returnkit/webhook-verify");
const portal = { principal: { kind: "portal", id: "u1", scopes: ["portal:returns.write"] } },
  staff = { principal: { kind: "merchant", id: "m1", scopes: ["merchant:returns.write"] } };
(async () => {
  const service = createReturnsService({ store: memoryStore(), idempotency: { required: false } });
  const { record } = await service.createReturn(
    { order_id: "o1", line: { sku: "MUG" }, reason: "DAMAGED", resolution: "REFUND" },
    portal,
  );
  await service.submit(record.id, portal);
  for (const e of ["approve", "ship", "receive", "grade", "close"])
    await service.advance(record.id, e, staff);
  const final = await service.get(record.id, staff);
  if (
    final.state !== "closed" ||
    typeof returnsRouter !== "function" ||
    typeof postgresStore !== "function" ||
    typeof verifyWebhook !== "function"
  )
    throw new Error("CJS consumer failed");
  console.log("CJS: return", final.id, "closed; adapters, store and verifier load");
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
