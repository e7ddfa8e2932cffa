/**
 * @module server — a real OAuth 2.1 authorization server (oidc-provider) on 127.0.0.1, for
 * development and tests. Everything about it is public: any login succeeds, the merchant
 * client's secret is fixed, the signing key lives in memory. Never run it where anyone but
 * you can reach it; it refuses to start under NODE_ENV=production.
 *
 * It issues RFC 9068 JWT access tokens for one resource (resource indicators, RFC 8707) to a
 * public portal client (authorization code + PKCE S256) and a confidential merchant client
 * (client credentials). Each client can obtain only its own scope family, so tokens that mix
 * families come only from hand-made JWTs.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import type { Configuration } from "oidc-provider";
import { DEV_CLIENTS, DEV_SCOPES } from "./clients";
import { sendOfflinePages } from "./offline-pages";
import { withoutDevelopmentNotices } from "./provider-notices";
import { requestMerchantToken, requestPortalToken } from "./tokens";

export interface DevAuthorizationServerOptions {
  /** The resource identifier tokens are issued for (their `aud`) when a client names none. */
  resource: string;
  /**
   * Further resources a client may name (RFC 8707 `resource`), each the `aud` of its tokens:
   * the MCP endpoint, `{resource}/mcp`.
   */
  moreResources?: string[];
  /** Default 0: an ephemeral port. */
  port?: number;
  /** Defaults: {@link DEV_CLIENTS}. */
  clients?: {
    portalClientId?: string;
    portalRedirectUris?: string[];
    merchantClientId?: string;
    merchantClientSecret?: string;
    backOfficeClientId?: string;
    backOfficeRedirectUris?: string[];
  };
  /** Default 600 seconds. */
  accessTokenTtlSeconds?: number;
}

export interface DevAuthorizationServer {
  issuer: string;
  jwksUri: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  portalClientId: string;
  portalRedirectUri: string;
  merchantClientId: string;
  merchantClientSecret: string;
  /** The public client staff sign in with in a browser (code + PKCE, merchant scopes). */
  backOfficeClientId: string;
  /**
   * A customer's access token (both portal scopes), through the real authorization code +
   * PKCE flow, the login and consent forms submitted as `subject`; for `resource` (default
   * the main one).
   */
  portalToken(subject: string, resource?: string): Promise<string>;
  /** A back-office access token (every merchant scope), through client credentials. */
  merchantToken(resource?: string): Promise<string>;
  close(): Promise<void>;
}

const PORTAL_SCOPES = DEV_SCOPES.portal;
const MERCHANT_SCOPES = DEV_SCOPES.merchant;

export async function startDevAuthorizationServer(
  options: DevAuthorizationServerOptions,
): Promise<DevAuthorizationServer> {
  if (process.env.NODE_ENV === "production") {
    throw new Error(
      "@returnkit/dev-auth is for development only (any login succeeds, its merchant secret is public): it does not start under NODE_ENV=production",
    );
  }
  const clients: DevClients = {
    portalClientId: options.clients?.portalClientId ?? DEV_CLIENTS.portalClientId,
    portalRedirectUris: options.clients?.portalRedirectUris ?? [DEV_CLIENTS.portalRedirectUri],
    merchantClientId: options.clients?.merchantClientId ?? DEV_CLIENTS.merchantClientId,
    merchantClientSecret: options.clients?.merchantClientSecret ?? DEV_CLIENTS.merchantClientSecret,
    backOfficeClientId: options.clients?.backOfficeClientId ?? DEV_CLIENTS.backOfficeClientId,
    backOfficeRedirectUris: options.clients?.backOfficeRedirectUris ?? [
      DEV_CLIENTS.backOfficeRedirectUri,
    ],
    accessTokenTTL: options.accessTokenTtlSeconds ?? 600,
    resources: [options.resource, ...(options.moreResources ?? [])],
  };

  // The provider needs its issuer (with the port) before it exists, so listen first and let
  // requests reach it through this indirection.
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server = createServer((req, res) => {
    // RFC 8414 clients ask for oauth-authorization-server; oidc-provider serves the same
    // document under the OpenID Connect name.
    if (req.url?.startsWith("/.well-known/oauth-authorization-server")) {
      req.url = "/.well-known/openid-configuration";
    }
    sendOfflinePages(res);
    if (handle) handle(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: `dev-${port}`,
    alg: "RS256",
    use: "sig",
  };

  // Loaded here, not at import: a process that only asks for tokens (`requestPortalToken`)
  // never loads the provider.
  const provider = await withoutDevelopmentNotices(async () => {
    const { default: Provider, errors } = await import("oidc-provider");
    const configuration = devProviderConfiguration(
      clients,
      signingKey,
      () => new errors.InvalidTarget(),
    );
    return new Provider(issuer, configuration);
  });
  handle = provider.callback();

  const portalRedirectUri = clients.portalRedirectUris[0] ?? "";
  const { resource } = options;
  return {
    issuer,
    jwksUri: `${issuer}/jwks`,
    authorizationEndpoint: `${issuer}/auth`,
    tokenEndpoint: `${issuer}/token`,
    portalClientId: clients.portalClientId,
    portalRedirectUri,
    merchantClientId: clients.merchantClientId,
    merchantClientSecret: clients.merchantClientSecret,
    backOfficeClientId: clients.backOfficeClientId,
    portalToken: (subject, forResource = resource) =>
      requestPortalToken({
        issuer,
        resource: forResource,
        subject,
        clientId: clients.portalClientId,
        redirectUri: portalRedirectUri,
      }),
    merchantToken: (forResource = resource) =>
      requestMerchantToken({
        issuer,
        resource: forResource,
        clientId: clients.merchantClientId,
        clientSecret: clients.merchantClientSecret,
      }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

interface DevClients {
  portalClientId: string;
  portalRedirectUris: string[];
  merchantClientId: string;
  merchantClientSecret: string;
  backOfficeClientId: string;
  backOfficeRedirectUris: string[];
  accessTokenTTL: number;
  /** The first is the default. */
  resources: string[];
}

/** oidc-provider's settings: the two dev clients, PKCE always, JWT access tokens for `resource`. */
function devProviderConfiguration(
  clients: DevClients,
  signingKey: Record<string, unknown>,
  invalidTarget: () => Error,
): Configuration {
  const { portalClientId, merchantClientId, backOfficeClientId, accessTokenTTL, resources } =
    clients;
  const [resource] = resources;
  // Only the merchant client and the back-office client act for the back office; every other
  // client (the portal client, or a public MCP client that registered itself) for a customer.
  const scopesOf = (clientId: string) =>
    clientId === merchantClientId || clientId === backOfficeClientId
      ? MERCHANT_SCOPES
      : PORTAL_SCOPES;

  return {
    clients: [
      {
        client_id: portalClientId,
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        redirect_uris: clients.portalRedirectUris,
        scope: ["openid", "offline_access", ...PORTAL_SCOPES].join(" "),
      },
      {
        client_id: backOfficeClientId,
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code"],
        response_types: ["code"],
        redirect_uris: clients.backOfficeRedirectUris,
        scope: ["openid", ...MERCHANT_SCOPES].join(" "),
      },
      {
        client_id: merchantClientId,
        client_secret: clients.merchantClientSecret,
        token_endpoint_auth_method: "client_secret_basic",
        grant_types: ["client_credentials"],
        response_types: [],
        redirect_uris: [],
        scope: MERCHANT_SCOPES.join(" "),
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    scopes: ["openid", "offline_access", ...PORTAL_SCOPES, ...MERCHANT_SCOPES],
    // OAuth 2.1: every authorization code flow uses PKCE, not only public clients.
    pkce: { required: () => true },
    // Explicit lifetimes, short as befits a test server (and oidc-provider stops nagging).
    ttl: {
      AccessToken: accessTokenTTL,
      AuthorizationCode: 60,
      ClientCredentials: accessTokenTTL,
      Grant: 3600,
      IdToken: 3600,
      Interaction: 600,
      RefreshToken: 86_400,
      Session: 3600,
    },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    features: {
      // Login and consent forms at /interaction/:uid, which the demo drives headlessly.
      devInteractions: { enabled: true },
      clientCredentials: { enabled: true },
      // An MCP client may register itself (RFC 7591) as a public client: it then gets portal
      // scopes only, with authorization code + PKCE, like the pre-registered portal client.
      registration: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // Agents that omit `resource` still get a JWT for our API, not an opaque token.
        defaultResource: (_ctx, _client, oneOf) => oneOf ?? resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator, client) => {
          if (!resources.includes(indicator)) throw invalidTarget();
          return {
            scope: scopesOf(client.clientId).join(" "),
            audience: indicator,
            accessTokenFormat: "jwt",
            accessTokenTTL,
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
    },
  };
}
