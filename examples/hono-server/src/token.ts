/**
 * `pnpm --silent run token portal <customer>` / `pnpm --silent run token merchant`: a fresh
 * access token from the development authorization server of the `pnpm start` running on PORT
 * (default 3000), printed alone on stdout so a shell can keep it:
 * `CUSTOMER_TOKEN=$(pnpm --silent run token portal alice)`. (`run`, because `pnpm token` is
 * pnpm's own command, for registry tokens; `--silent`, because pnpm otherwise echoes the
 * command to stderr, into a walk-through's output.)
 */
import {
  discoverDevTokenTarget,
  requestMerchantToken,
  requestPortalToken,
} from "@returnkit/dev-auth";

const USAGE = `usage: pnpm --silent run token portal <customer>   a customer's token (both portal scopes)
       pnpm --silent run token merchant            a back-office token (both merchant scopes)
Add --mcp for a token for the MCP endpoint ({server}/mcp) instead of the REST API.
The server is the pnpm start on PORT (default 3000).`;

const args = process.argv.slice(2);
// The MCP endpoint is a resource of its own: a REST token is refused there.
const forMcp = args.includes("--mcp");
const [kind, subject, ...rest] = args.filter((arg) => arg !== "--mcp");
if (rest.length || !((kind === "portal" && subject) || (kind === "merchant" && !subject))) {
  console.error(USAGE);
  process.exit(2);
}

const apiUrl = `http://127.0.0.1:${process.env.PORT || 3000}`;
try {
  const target = await discoverDevTokenTarget(forMcp ? `${apiUrl}/mcp` : apiUrl);
  const token =
    kind === "portal"
      ? await requestPortalToken({ ...target, subject: subject! })
      : await requestMerchantToken(target);
  console.log(token);
} catch (error) {
  const refused = (error as { cause?: { code?: string } }).cause?.code === "ECONNREFUSED";
  console.error(
    refused
      ? `Nothing answers on ${apiUrl}: start it with pnpm start, or set PORT to the port it runs on.`
      : `No token: ${(error as Error).message}`,
  );
  process.exit(1);
}
