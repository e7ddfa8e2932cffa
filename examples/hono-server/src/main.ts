/**
 * `pnpm start`: the example server alone, with the development authorization server. Prints
 * what an agent or curl needs to talk to it, dev tokens included, then logs each request and
 * webhook delivery. Reads PORT, AUTH_PORT, RETURNKIT_DATA, WEBHOOK_URL and WEBHOOK_SECRET (see
 * `START_VARIABLES`).
 */
import { fileURLToPath } from "node:url";
import { consoleLogger } from "@returnkit/core";
import { demoOrders } from "./demo-orders";
import { PICTURES_PATH } from "./pictures";
import { startReturnsServer } from "./server";
import { explainStartFailure, type StartSettings, startSettingsFromEnv } from "./settings";

/** What to do, in a sentence, never a stack. */
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function settingsOrExit(): StartSettings {
  try {
    return startSettingsFromEnv(process.env, process.cwd());
  } catch (error) {
    return fail((error as Error).message);
  }
}

const settings = settingsOrExit();
// Debug: a line per request and per delivery attempt, readable in a terminal.
const logger = consoleLogger({ level: "debug" });
const server = await startReturnsServer({
  ...settings,
  logger,
  // A development server: its receiver (`pnpm receiver`) listens on this machine, which
  // webhooks may not reach unless allowed.
  allowedDestinations: ["127.0.0.1", "::1", "localhost"],
  // Any order number a customer types on the returns page is theirs, with four lines, their
  // pictures served by this server from the demo's folder.
  orders: (baseUrl) => demoOrders(Date.now, `${baseUrl}${PICTURES_PATH}`),
  picturesDir: fileURLToPath(new URL("../../demo/pictures", import.meta.url)),
}).catch((error: unknown) => fail(explainStartFailure(error, settings)));

const { auth, baseUrl, pages } = server;
const [customerToken, merchantToken] = await Promise.all([
  auth.portalToken("alice"),
  auth.merchantToken(),
]);
const webhooks = settings.webhookEndpoints?.[0];
console.log(`returnkit listening on ${baseUrl}

  customer's page     ${pages.customer}   (sign in with any name; any order number, e.g. ord_1001)
  back office         ${pages.backOffice}
  OpenAPI             ${baseUrl}/v1/openapi.json
  resource metadata   ${baseUrl}/.well-known/oauth-protected-resource
  MCP server          ${baseUrl}/mcp   (its own resource: ${baseUrl}/.well-known/oauth-protected-resource/mcp)
  authorization srv   ${auth.issuer}   (development only: any login succeeds)
  portal client       ${auth.portalClientId}  (public; authorization code + PKCE S256; redirect ${auth.portalRedirectUri})
  merchant client     ${auth.merchantClientId} / ${auth.merchantClientSecret}  (client credentials)
  webhooks            ${webhooks ? `${webhooks.url} (signed with WEBHOOK_SECRET)` : "none (set WEBHOOK_URL and WEBHOOK_SECRET)"}
  data                ${settings.dataDir}

Dev tokens for the next hour, a customer (alice) and the back office; paste them into a shell:
  export CUSTOMER_TOKEN=${customerToken}
  export MERCHANT_TOKEN=${merchantToken}
More: pnpm --silent run token portal <customer>, pnpm --silent run token merchant. A first call:
  curl -s ${baseUrl}/v1/portal/returns -H "authorization: Bearer $CUSTOMER_TOKEN"
`);

// Once, though a terminal's Ctrl-C or a process-group SIGTERM may reach this process twice.
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void server.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
