// A host in development: the packed @returnkit/dev-auth as its authorization server, tokens
// from it for a customer and the back office, a return created and seen over service.fetch.

import { createReturnsService } from "@returnkit/core";
import { startDevAuthorizationServer } from "@returnkit/dev-auth";

const baseUrl = "http://127.0.0.1:3999";
const auth = await startDevAuthorizationServer({ resource: baseUrl });
const returns = createReturnsService({
  baseUrl,
  auth: { issuer: auth.issuer, jwksUri: auth.jwksUri },
});
try {
  const call = (path, token, init = {}) =>
    returns.fetch(
      new Request(`${baseUrl}${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "idempotency-key": "k1",
        },
      }),
    );
  const created = await call("/v1/portal/returns", await auth.portalToken("alice"), {
    method: "POST",
    body: JSON.stringify({
      order_id: "o1",
      line: { sku: "TEE" },
      reason: "DAMAGED",
      resolution: "REFUND",
    }),
  });
  const draft = await created.json();
  const listed = await (await call("/v1/merchant/returns", await auth.merchantToken())).json();
  if (created.status !== 201 || draft.customer_id !== "alice" || listed.data[0]?.id !== draft.id)
    throw new Error(`dev-auth consumer failed: ${created.status} ${JSON.stringify(draft)}`);
  console.log(`dev-auth: alice created ${draft.id}; the back office lists it`);
} finally {
  await returns.close();
  await auth.close();
}
