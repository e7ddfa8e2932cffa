/**
 * `pnpm start`: the example server alone, with the development authorization server.
 * Prints what an agent or curl needs to talk to it.
 */
import { startReturnsServer } from "./server";

const server = await startReturnsServer({
  port: Number(process.env.PORT ?? 3000),
  authPort: Number(process.env.AUTH_PORT ?? 3001),
  // pnpm runs scripts in the package folder; keep the data where the user typed the command.
  dataDir: process.env.RETURNKIT_DATA ?? `${process.env.INIT_CWD ?? process.cwd()}/.returnkit-data`,
}).catch((error: unknown) => {
  // The message says what to do (another process has the data directory, say): no stack.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
const { auth, baseUrl } = server;
console.log(`returnkit listening on ${baseUrl}

  OpenAPI             ${baseUrl}/v1/openapi.json
  resource metadata   ${baseUrl}/.well-known/oauth-protected-resource
  authorization srv   ${auth.issuer}   (dev logins: any username/password)
  portal client       ${auth.portalClientId}  (public; authorization code + PKCE S256; redirect ${auth.portalRedirectUri})
  merchant client     ${auth.merchantClientId} / ${auth.merchantClientSecret}  (client credentials)

A merchant token:
  curl -s -u ${auth.merchantClientId}:${auth.merchantClientSecret} -d grant_type=client_credentials \\
    -d resource=${baseUrl} -d 'scope=merchant:returns.read merchant:returns.write' ${auth.tokenEndpoint}
`);
const stop = () => server.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
