/**
 * The whole OAuth 2.1 path end to end, over real sockets: returnkit on one loopback port, a real
 * authorization server (oidc-provider) on another, and an "agent" that is given nothing but
 * the API's base URL. Everything else it learns from what the servers send: the 401 challenge,
 * RFC 9728 and RFC 8414 metadata, the OpenAPI document, and the `_templates` / `_links` of
 * each return.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  DEV_SCOPES,
  type DevAuthorizationServer,
  startDevAuthorizationServer,
} from "@returnkit/dev-auth";
import { createResponseValidator, type ResponseValidator } from "@returnkit/testing";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ALL_SCOPES, SCOPES } from "../domain/principal";
import { createReturnsService, type ReturnsService } from "../service";
import { createJwtAuthenticator } from "./jwt";
import { HeadlessBrowser } from "./test-support/headless-browser";
import { type LoopbackServer, startLoopbackServer } from "./test-support/loopback-server";

type Json = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: the agent reads documents it has just fetched
type Doc = any;

let api: LoopbackServer;
let authorizationServer: DevAuthorizationServer;
let service: ReturnsService;
/** The only thing the agent is told. */
let baseUrl: string;

beforeAll(async () => {
  // The service's identifier contains its port, and the authorization server issues tokens
  // for that identifier, so: listen, start the authorization server, then configure returnkit.
  api = await startLoopbackServer();
  baseUrl = api.origin;
  authorizationServer = await startDevAuthorizationServer({ resource: baseUrl });
  service = createReturnsService({
    baseUrl,
    auth: {
      issuer: authorizationServer.issuer,
      jwksUri: authorizationServer.jwksUri,
      authorizationEndpoint: authorizationServer.authorizationEndpoint,
      tokenEndpoint: authorizationServer.tokenEndpoint,
    },
  });
  api.serve(service.fetch);
});

afterAll(async () => {
  await api?.close();
  await authorizationServer?.close();
  await service?.close();
});

// ---------------------------------------------------------------- what the agent does

interface Discovery {
  openApiUrl: string;
  openApi: Doc;
  /** Checks every API response the agent gets against `openApi`. */
  matchesDocument: ResponseValidator;
  /** The collection URL, from the createReturn operation. */
  createUrl: string;
  /** The `scope` the 401 challenge asked for. */
  challengedScope: string;
  resourceMetadata: Doc;
  authorizationServerMetadata: Doc;
}

/** Steps (a): from the bare base URL to both metadata documents. */
async function discover(): Promise<Discovery> {
  // The one honest discovery step for the API surface: any response carries
  // `Link: <…>; rel="describedby"` (RFC 8288) to the OpenAPI document, even a 404 for the base
  // URL itself; the collection URL is the `createReturn` operation's path under its server.
  const first = await fetch(baseUrl);
  const openApiUrl = linkTarget(first.headers.get("link"), "describedby");
  expect(openApiUrl).toBeDefined();
  const openApi: Doc = await (await fetch(openApiUrl!)).json();
  const matchesDocument = createResponseValidator(openApi, openApiUrl!);
  const createUrl = operationUrl(openApi, "createReturn");

  // An unauthenticated write: the challenge says where to learn how to get a token, and for
  // which scope.
  const unauthenticated = await fetch(createUrl, { method: "POST" });
  expect(unauthenticated.status).toBe(401);
  const metadataUrl = new URL("/.well-known/oauth-protected-resource", baseUrl).href;
  expect(unauthenticated.headers.get("www-authenticate")).toBe(
    `Bearer resource_metadata="${metadataUrl}", scope="portal:returns.write"`,
  );
  const challenge = challengeParameters(unauthenticated.headers.get("www-authenticate")!);
  expect(await unauthenticated.json()).toMatchObject({
    type: "urn:returnkit:problem:unauthenticated",
    status: 401,
  });

  // RFC 9728: the document must name the resource we asked about (§3.3).
  const resourceMetadata: Doc = await (await fetch(challenge.resource_metadata!)).json();
  expect(resourceMetadata).toMatchObject({
    resource: baseUrl,
    bearer_methods_supported: ["header"],
    resource_documentation: openApiUrl,
  });
  expect(resourceMetadata.scopes_supported).toContain(challenge.scope);

  // RFC 8414 §3: the well-known segment goes between the issuer's host and its path, and
  // the document's `issuer` must be the identifier we started from (§3.3).
  const issuer = new URL(resourceMetadata.authorization_servers[0]);
  const asMetadataUrl = new URL(
    `/.well-known/oauth-authorization-server${issuer.pathname.replace(/\/$/, "")}`,
    issuer,
  );
  const authorizationServerMetadata: Doc = await (await fetch(asMetadataUrl)).json();
  expect(authorizationServerMetadata.issuer).toBe(resourceMetadata.authorization_servers[0]);
  expect(authorizationServerMetadata.code_challenge_methods_supported).toContain("S256");

  return {
    openApiUrl: openApiUrl!,
    openApi,
    matchesDocument,
    createUrl,
    challengedScope: challenge.scope!,
    resourceMetadata,
    authorizationServerMetadata,
  };
}

interface AuthorizationResult {
  code: string;
  verifier: string;
  /** The authorization response's parameters (code, state, iss). */
  response: URLSearchParams;
}

/**
 * Step (b), first half: authorization code with PKCE (S256) for the public portal client, run
 * headlessly. Redirects are followed by hand until one points at the client's redirect URI,
 * which is never fetched: the code is read from its `Location`.
 */
async function authorizeWithPkce(
  discovery: Discovery,
  customer: string,
): Promise<AuthorizationResult> {
  const { authorization_endpoint } = discovery.authorizationServerMetadata;
  const redirectUri = authorizationServer.portalRedirectUri;
  const verifier = randomBytes(32).toString("base64url");
  const state = randomBytes(16).toString("base64url");
  const authorize = new URL(authorization_endpoint);
  for (const [name, value] of Object.entries({
    response_type: "code",
    client_id: authorizationServer.portalClientId,
    redirect_uri: redirectUri,
    scope: discovery.challengedScope,
    resource: discovery.resourceMetadata.resource,
    state,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  })) {
    authorize.searchParams.set(name, value);
  }

  const browser = new HeadlessBrowser();
  let next: { url: string; init?: RequestInit } = { url: authorize.href };
  for (let step = 0; step < 12; step++) {
    const response = await browser.request(next.url, next.init);
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      const target = new URL(location, next.url);
      if (target.origin + target.pathname === redirectUri) {
        const params = target.searchParams;
        expect(params.get("error"), params.get("error_description") ?? "").toBeNull();
        expect(params.get("state")).toBe(state);
        return { code: params.get("code")!, verifier, response: params };
      }
      next = { url: target.href };
      continue;
    }
    // A login or consent page: fill in what a user would and submit the form.
    expect(response.status).toBe(200);
    const [form] = HeadlessBrowser.formsOf(await response.text(), next.url);
    expect(form, `a form at ${next.url}`).toBeDefined();
    const fields = { ...form!.fields };
    if ("login" in fields) fields.login = customer;
    if ("password" in fields) fields.password = "any password will do";
    next = {
      url: form!.action,
      init: {
        method: form!.method,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      },
    };
  }
  throw new Error("The authorization server never redirected back to the client");
}

/** Step (b), second half: the code and its verifier for a token. */
function exchangeCode(discovery: Discovery, code: string, verifier: string): Promise<Response> {
  return fetch(discovery.authorizationServerMetadata.token_endpoint, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      code_verifier: verifier,
      redirect_uri: authorizationServer.portalRedirectUri,
      client_id: authorizationServer.portalClientId,
      resource: discovery.resourceMetadata.resource,
    }),
  });
}

async function portalToken(discovery: Discovery, customer: string): Promise<string> {
  const { code, verifier } = await authorizeWithPkce(discovery, customer);
  const response = await exchangeCode(discovery, code, verifier);
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Step (c): client credentials, for the scopes the OpenAPI document says that flow grants. */
async function merchantToken(discovery: Discovery): Promise<Response> {
  const flowScopes = Object.keys(
    discovery.openApi.components.securitySchemes.oauth2.flows.clientCredentials.scopes,
  );
  const credentials = `${authorizationServer.merchantClientId}:${authorizationServer.merchantClientSecret}`;
  return fetch(discovery.authorizationServerMetadata.token_endpoint, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(credentials).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({
      grant_type: "client_credentials",
      scope: flowScopes.join(" "),
      resource: discovery.resourceMetadata.resource,
    }),
  });
}

/** A request to the API, its response checked against the document the API serves. */
async function callApi(
  discovery: Discovery,
  url: string,
  init: RequestInit & { headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; json: Doc }> {
  const method = init.method ?? "GET";
  const response = await fetch(url, init);
  const text = await response.text();
  expect(
    discovery.matchesDocument({
      method,
      url,
      status: response.status,
      headers: response.headers,
      text,
    }),
  ).toBeNull();
  return {
    status: response.status,
    headers: response.headers,
    json: text ? JSON.parse(text) : undefined,
  };
}

// ---------------------------------------------------------------- the tests

describe("agent flow", () => {
  test("agent flow - finds the authorization server from a 401, knowing only the base URL", async () => {
    const discovery = await discover();
    expect(discovery.createUrl).toBe(`${baseUrl}/v1/portal/returns`);
    expect(discovery.resourceMetadata.authorization_servers).toEqual([authorizationServer.issuer]);
    // The OpenAPI document and the authorization server agree on where the flows happen.
    const flows = discovery.openApi.components.securitySchemes.oauth2.flows;
    expect(flows.authorizationCode.authorizationUrl).toBe(
      discovery.authorizationServerMetadata.authorization_endpoint,
    );
    expect(flows.clientCredentials.tokenUrl).toBe(
      discovery.authorizationServerMetadata.token_endpoint,
    );
  });

  test("agent flow - authorization code + PKCE gives the portal client a JWT access token for this resource", async () => {
    const discovery = await discover();
    const { code, verifier, response } = await authorizeWithPkce(discovery, "user-42");
    // RFC 9207: the response names its issuer, so a mix-up attack would show.
    expect(response.get("iss")).toBe(authorizationServer.issuer);
    const tokenResponse = await exchangeCode(discovery, code, verifier);
    expect(tokenResponse.status).toBe(200);
    const body = (await tokenResponse.json()) as Json;
    expect(body).toMatchObject({ token_type: "Bearer", scope: "portal:returns.write" });
    const token = body.access_token as string;
    expect(decodeProtectedHeader(token)).toMatchObject({ typ: "at+jwt", alg: "RS256" });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      iss: authorizationServer.issuer,
      aud: baseUrl,
      sub: "user-42",
      client_id: authorizationServer.portalClientId,
      scope: "portal:returns.write",
    });
    // The code was for one exchange only (OAuth 2.1 §4.1.3).
    expect((await exchangeCode(discovery, code, verifier)).status).toBe(400);
  });

  test("agent flow - an authorization code is useless without its code_verifier", async () => {
    const discovery = await discover();
    const { code } = await authorizeWithPkce(discovery, "user-42");
    const stolen = await exchangeCode(discovery, code, randomBytes(32).toString("base64url"));
    expect(stolen.status).toBe(400);
    expect(await stolen.json()).toMatchObject({ error: "invalid_grant" });
  });

  test("agent flow - client credentials give the merchant client a JWT access token for this resource", async () => {
    const discovery = await discover();
    const response = await merchantToken(discovery);
    expect(response.status).toBe(200);
    const token = ((await response.json()) as { access_token: string }).access_token;
    expect(decodeProtectedHeader(token).typ).toBe("at+jwt");
    expect(decodeJwt(token)).toMatchObject({
      aud: baseUrl,
      client_id: authorizationServer.merchantClientId,
      scope: "merchant:returns.read merchant:returns.write merchant:webhooks.manage",
    });
  });

  test("agent flow - drives a return from create to closed following only _templates and _links", async () => {
    const discovery = await discover();
    const tokens = [
      { token: await portalToken(discovery, "user-42"), scopes: [discovery.challengedScope] },
      {
        token: ((await (await merchantToken(discovery)).json()) as { access_token: string })
          .access_token,
        scopes: ["merchant:returns.read", "merchant:returns.write"],
      },
    ];
    /** The token that holds every scope a template says it needs. */
    const tokenFor = (requiredScopes: string[]) => {
      const holder = tokens.find((t) => requiredScopes.every((s) => t.scopes.includes(s)));
      expect(holder, requiredScopes.join(" ")).toBeDefined();
      return holder!.token;
    };
    const write = (url: string, method: string, token: string, body: unknown) =>
      callApi(discovery, url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "idempotency-key": randomUUID(),
        },
        body: JSON.stringify(body),
      });

    // Create: the operation's request body schema, resolved in the document, says what to send.
    const create = operationById(discovery.openApi, "createReturn");
    const requestBody = create.requestBody.$ref
      ? resolveRef(discovery.openApiUrl, discovery.openApi, create.requestBody.$ref)
      : create.requestBody;
    const createSchema = requestBody.content["application/json"].schema;
    const createBody = await minimalBody(discovery.openApiUrl, discovery.openApi, createSchema);
    const created = await write(
      discovery.createUrl,
      "POST",
      tokenFor(["portal:returns.write"]),
      createBody,
    );
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(created.json._links.self.href);

    // The agent's intent is to see the return through; each step is taken only when a
    // template for it is on offer, with the method, target and body schema that template gives.
    const intent = ["submit", "approve", "ship", "receive", "grade", "close"];
    const taken: string[] = [];
    let view = created.json;
    let viewedAs = "portal";
    while (true) {
      const step = intent.find((name) => name in view._templates);
      if (!step) {
        if (viewedAs === "merchant") break;
        // Nothing left for the customer: the back office looks the return up by its id (as
        // a webhook would carry it), through the operation the document names for that.
        const merchantUrl = operationUrl(discovery.openApi, "getMerchantReturn", { id: view.id });
        const looked = await callApi(discovery, merchantUrl, {
          headers: { authorization: `Bearer ${tokens[1]!.token}` },
        });
        expect(looked.status).toBe(200);
        view = looked.json;
        viewedAs = "merchant";
        continue;
      }
      const template = view._templates[step];
      const body = await minimalBody(discovery.openApiUrl, discovery.openApi, {
        $ref: template.schema.href,
      });
      const result = await write(
        template.target,
        template.method,
        tokenFor(template.requiredScopes),
        body,
      );
      expect(result.status, `${step}: ${JSON.stringify(result.json)}`).toBe(200);
      taken.push(step);
      view = result.json;
    }

    expect(taken).toEqual(intent);
    expect(view).toMatchObject({ state: "closed", _templates: {} });
    const history = view.history.map((h: { event: string; actor: Json }) => [h.event, h.actor]);
    const customer = { kind: "portal", id: "user-42" };
    const backOffice = { kind: "merchant", id: authorizationServer.merchantClientId };
    expect(history).toEqual([
      ["create", customer],
      ["submit", customer],
      ["approve", backOffice],
      ["ship", backOffice],
      ["receive", backOffice],
      ["grade", backOffice],
      ["close", backOffice],
    ]);
    // The customer's own link still leads to the return, now closed.
    const mine = await callApi(discovery, created.json._links.self.href, {
      headers: { authorization: `Bearer ${tokens[0]!.token}` },
    });
    expect(mine.json).toMatchObject({ id: view.id, state: "closed", _templates: {} });
  });

  test("agent flow - the authorization server refuses a portal authorization request without code_challenge", async () => {
    const discovery = await discover();
    const authorize = new URL(discovery.authorizationServerMetadata.authorization_endpoint);
    for (const [name, value] of Object.entries({
      response_type: "code",
      client_id: authorizationServer.portalClientId,
      redirect_uri: authorizationServer.portalRedirectUri,
      scope: discovery.challengedScope,
      resource: discovery.resourceMetadata.resource,
      state: "no-pkce",
    })) {
      authorize.searchParams.set(name, value);
    }
    const response = await new HeadlessBrowser().request(authorize.href);
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
    const back = new URL(response.headers.get("location")!, authorize);
    expect(back.origin + back.pathname).toBe(authorizationServer.portalRedirectUri);
    expect(back.searchParams.get("error")).toBe("invalid_request");
    expect(back.searchParams.get("error_description")).toMatch(/code_challenge|PKCE/i);
    expect(back.searchParams.get("code")).toBeNull();
  });

  test("agent flow - the dev server's own tokens are a customer and the back office to this service", async () => {
    const authenticate = createJwtAuthenticator({
      issuer: authorizationServer.issuer,
      audience: baseUrl,
      jwksUri: authorizationServer.jwksUri,
    });
    const principalOf = async (token: string) =>
      authenticate(new Request(baseUrl, { headers: { authorization: `Bearer ${token}` } }));
    expect(await principalOf(await authorizationServer.portalToken("alice"))).toMatchObject({
      kind: "portal",
      id: "alice",
      scopes: [SCOPES.portalRead, SCOPES.portalWrite],
    });
    expect(await principalOf(await authorizationServer.merchantToken())).toMatchObject({
      kind: "merchant",
      id: authorizationServer.merchantClientId,
      scopes: [SCOPES.merchantRead, SCOPES.merchantWrite, SCOPES.webhooksManage],
    });
    // The dev package spells the scope families out itself; they are the ones checked here.
    expect([...DEV_SCOPES.portal, ...DEV_SCOPES.merchant].sort()).toEqual([...ALL_SCOPES].sort());
  });
});

// ---------------------------------------------------------------- reading documents

/** The target of the first `Link` entry with this relation. */
function linkTarget(header: string | null, rel: string): string | undefined {
  for (const part of (header ?? "").split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match && new RegExp(`rel="?${rel}"?`).test(match[2] ?? "")) return match[1];
  }
  return undefined;
}

/** `Bearer k="v", …` → { k: v } (RFC 9110 quoted-strings). */
function challengeParameters(header: string): Record<string, string> {
  const parameters: Record<string, string> = {};
  for (const match of header.matchAll(/([\w-]+)="((?:[^"\\]|\\.)*)"/g)) {
    parameters[match[1]!] = match[2]!.replace(/\\(.)/g, "$1");
  }
  return parameters;
}

function operationById(document: Doc, operationId: string): Doc & { path: string } {
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const operation of Object.values(item)) {
      if ((operation as Json).operationId === operationId) return { ...(operation as Json), path };
    }
  }
  throw new Error(`The OpenAPI document has no ${operationId} operation`);
}

/** The operation's URL under the document's server, path parameters filled in. */
function operationUrl(document: Doc, operationId: string, params: Record<string, string> = {}) {
  const path = operationById(document, operationId).path.replace(
    /\{(\w+)\}/g,
    (_: string, name: string) => encodeURIComponent(params[name] ?? ""),
  );
  return `${document.servers[0].url}${path}`;
}

/** Resolves `<document URL>#/json/pointer` (or a local `#/…`) in the fetched document. */
function resolveRef(documentUrl: string, document: Doc, ref: string): Doc {
  const [url, pointer = ""] = ref.split("#");
  expect(url === "" || url === documentUrl, `${ref} points outside ${documentUrl}`).toBe(true);
  return pointer
    .split("/")
    .slice(1)
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((node, token) => node?.[token], document);
}

/**
 * The smallest body the schema accepts: required properties only, each the first enum value
 * or the shortest string, integer or object allowed. An empty object where nothing is
 * required. Checked with ajv against the same schema before it is sent.
 */
async function minimalBody(documentUrl: string, document: Doc, schema: Doc): Promise<unknown> {
  const build = (node: Doc): unknown => {
    if (node.$ref) return build(resolveRef(documentUrl, document, node.$ref));
    if ("const" in node) return node.const;
    if (node.enum) return node.enum[0];
    const alternatives = node.anyOf ?? node.oneOf;
    if (alternatives && node.type !== "object") return build(alternatives[0]);
    switch (node.type) {
      case "object": {
        // An object whose alternatives refine it (CreateReturn): the first alternative's
        // required properties join the object's, built from the alternative's schema first.
        const chosen: Doc = alternatives?.[0] ?? {};
        const required = new Set<string>([...(node.required ?? []), ...(chosen.required ?? [])]);
        return Object.fromEntries(
          [...required].map((name) => [
            name,
            build(chosen.properties?.[name] ?? node.properties[name]),
          ]),
        );
      }
      case "string":
        if (node.pattern || node.format) throw new Error(`cannot invent a ${JSON.stringify(node)}`);
        return "x".repeat(Math.max(node.minLength ?? 1, 1));
      case "integer":
      case "number":
        return node.minimum ?? (node.exclusiveMinimum ?? -1) + 1;
      case "boolean":
        return false;
      default:
        throw new Error(`cannot build a value for ${JSON.stringify(node)}`);
    }
  };
  const body = build(schema);
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: documentUrl });
  const validate = ajv.compile(
    JSON.parse(JSON.stringify(schema).replaceAll('"#/', `"${documentUrl}#/`)),
  );
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  return body;
}
