/**
 * @module http/openapi/openapi — the OpenAPI 3.1 document, generated from the route table and the zod
 * schemas, so it cannot drift from what the router validates.
 *
 * Every route is an operation (and every GET a HEAD beside it), each caller's event path has an
 * operation for events no route sends, and the documents served beside the routes describe
 * themselves. Schemas come from `openapi-components.ts`, problem responses from
 * `openapi-problems.ts`.
 */

import { SCOPES } from "../../domain/principal";
import { ProblemSchema, ReturnDataSchema } from "../../domain/schemas";
import { eventPrefixes } from "../router";
import { OPENAPI_PATH, type RouteDefinition } from "../routes";
import {
  createSchemaComponents,
  type JsonSchema,
  type SchemaComponents,
} from "./openapi-components";
import {
  openApiDocumentPathItem,
  protectedResourceMetadataPathItem,
} from "./openapi-document-paths";
import { headOperation, routeOperation, unknownEventOperation } from "./openapi-operations";
import {
  HEADERS,
  problemResponses,
  problemStatuses,
  UNMATCHED_REQUEST_STATUSES,
} from "./openapi-problems";

export type { JsonSchema } from "./openapi-components";
export { problemResponseName, UNMATCHED_REQUEST_STATUSES } from "./openapi-problems";

interface OpenApiAuthorizationServer {
  /** Authorization endpoint (authorization code + PKCE, for portal callers). */
  authorizationUrl: string;
  /** Token endpoint (code exchange and client credentials). */
  tokenUrl: string;
  /** Issuer identifier; its RFC 8414 metadata has everything else. */
  issuer: string;
}

interface OpenApiOptions {
  routes: readonly RouteDefinition[];
  /** Where returnkit is mounted (its resource identifier); the document's only server. */
  baseUrl: string;
  authorizationServer?: OpenApiAuthorizationServer;
  /** The host authenticates callers itself: the document declares its scheme, not OAuth. */
  hostAuth?: { scheme?: JsonSchema };
  /** Whether the service serves RFC 9728 metadata (it checks tokens itself). Default false. */
  protectedResourceMetadata?: boolean;
  title?: string;
  version?: string;
  /** Writes need Idempotency-Key unless the host made it optional. Default true. */
  idempotencyKeyRequired?: boolean;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: {
    title: string;
    version: string;
    description: string;
    license: { name: string; identifier: string };
  };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: {
    schemas: Record<string, JsonSchema>;
    parameters: Record<string, JsonSchema>;
    requestBodies: Record<string, JsonSchema>;
    headers: Record<string, JsonSchema>;
    responses: Record<string, unknown>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

const SCOPE_DESCRIPTIONS = {
  [SCOPES.portalRead]: "Read the customer's own returns.",
  [SCOPES.portalWrite]:
    "Create, update, submit and cancel the customer's own returns (implies read).",
  [SCOPES.merchantRead]: "Read and list all returns.",
  [SCOPES.merchantWrite]: "Send the eight lifecycle events to any return (implies read).",
  [SCOPES.webhooksManage]:
    "Manage webhook endpoints and their secrets, read events and deliveries, redeliver (no other scope implies it).",
};

export function buildOpenApiDocument(options: OpenApiOptions): OpenApiDocument {
  const components = createSchemaComponents();
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const securitySchemes = options.hostAuth
    ? { hostAuth: options.hostAuth.scheme ?? HOST_AUTH_SCHEME }
    : oauthSecuritySchemes(baseUrl, options.authorizationServer);
  const schemes = Object.keys(securitySchemes);

  const paths: OpenApiDocument["paths"] = { [OPENAPI_PATH]: openApiDocumentPathItem() };
  if (options.protectedResourceMetadata) {
    const metadata = protectedResourceMetadataPathItem(baseUrl, components);
    paths[metadata.path] = metadata.item;
  }
  const usedProblems = new Set<number>([
    ...UNMATCHED_REQUEST_STATUSES,
    400,
    401,
    403,
    412,
    500,
    503,
  ]);
  for (const route of options.routes) {
    for (const status of problemStatuses(route)) usedProblems.add(status);
    const operation = routeOperation(route, components, schemes);
    paths[route.path] ??= {};
    const pathItem = paths[route.path] as Record<string, JsonSchema>;
    pathItem[route.method.toLowerCase()] = operation;
    if (route.method === "GET") pathItem.head = headOperation(operation);
  }
  for (const prefix of eventPrefixes(options.routes)) {
    const path = `/${prefix.segments.join("/")}/{event}`;
    paths[path] = { [prefix.method.toLowerCase()]: unknownEventOperation(prefix, schemes) };
  }

  const problemSchema = components.convert(ProblemSchema, "output");
  return {
    openapi: "3.1.0",
    info: {
      title: options.title ?? "returnkit returns API",
      version: options.version ?? "1.0.0",
      description:
        "Returns and exchanges. Every return carries HAL `_links` and HAL-FORMS `_templates` for the actions valid now for the caller; errors are RFC 9457 problem details (`#/components/schemas/Problem`); writes are idempotent with Idempotency-Key. A path this document does not list answers 404 (`#/components/responses/NotFound`); a method its path does not list, 405 with `Allow` naming those it does, and a problem body.",
      // The license of returnkit, which generates this description.
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: baseUrl }],
    tags: [
      {
        name: "portal",
        description: "A customer, or an agent acting for one, on the customer's own returns.",
      },
      { name: "merchant", description: "The back office, on all returns." },
      {
        name: "webhooks",
        description:
          "The back office's webhook operations (`merchant:webhooks.manage`): endpoints, secrets, events, deliveries.",
      },
    ],
    paths,
    components: {
      schemas: components.schemas(),
      parameters: parameters(components, options.idempotencyKeyRequired ?? true),
      requestBodies: components.requestBodies(),
      headers: HEADERS,
      responses: problemResponses(usedProblems, problemSchema),
      securitySchemes,
    },
  };
}

function parameters(
  components: SchemaComponents,
  idempotencyKeyRequired: boolean,
): Record<string, JsonSchema> {
  return {
    ReturnId: {
      name: "id",
      in: "path",
      required: true,
      description: "The return's id (`ret_` + ULID).",
      schema: components.convert(ReturnDataSchema.shape.id, "output"),
    },
    OrderId: {
      name: "order_id",
      in: "path",
      required: true,
      description: "The shop's id of one of the caller's orders.",
      schema: { type: "string", minLength: 1 },
    },
    CustomerId: {
      name: "customer_id",
      in: "path",
      required: true,
      description:
        "The shop's id of a customer, as its returns record it (a portal token's `sub`): 1-255 characters, percent-encoded as one path segment.",
      schema: { type: "string", minLength: 1, maxLength: 255 },
    },
    EndpointId: {
      name: "endpoint_id",
      in: "path",
      required: true,
      description: "A webhook endpoint's id (`ep_…`, one given at creation, or `sub_<name>`).",
      schema: { type: "string", minLength: 1 },
    },
    CarrierName: {
      name: "name",
      in: "path",
      required: true,
      description:
        "A carrier adapter's name (`easypost`): the `carriers` option's `label` or one of its `tracking`.",
      schema: { type: "string", minLength: 1 },
    },
    EventId: {
      name: "event_id",
      in: "path",
      required: true,
      description: "A webhook event's id (`evt_` + ULID), its `webhook-id` header.",
      schema: { type: "string", minLength: 1 },
    },
    IdempotencyKey: {
      name: "Idempotency-Key",
      in: "header",
      required: idempotencyKeyRequired,
      description:
        '1-255 printable ASCII characters, bare (`abc`) or quoted (`"abc"`). Scoped to the caller, method and path; a retry with the same key and body replays the stored response.',
      schema: { type: "string", minLength: 1, maxLength: 257 },
    },
    IfMatch: {
      name: "If-Match",
      in: "header",
      required: false,
      description:
        "The ETag of the version you last saw; the request fails with 412 if the return (or document) has changed since.",
      schema: { type: "string" },
    },
    IfNoneMatch: {
      name: "If-None-Match",
      in: "header",
      required: false,
      description: "The ETag of a cached copy; 304 without a body while it is still current.",
      schema: { type: "string" },
    },
  };
}

/** What the document says of a host's own authentication when the host did not describe it. */
const HOST_AUTH_SCHEME: JsonSchema = {
  type: "apiKey",
  in: "header",
  name: "Authorization",
  description:
    "The shop's own sign-in decides who is calling (the host has not described its credentials: set auth.securityScheme).",
};

function oauthSecuritySchemes(
  resource: string,
  authorizationServer: OpenApiAuthorizationServer | undefined,
): Record<string, JsonSchema> {
  const bearerAuth = {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: `An RFC 9068 JWT access token (typ at+jwt) whose audience is ${resource}, in the Authorization header only.`,
  };
  if (!authorizationServer) return { bearerAuth };
  const scopes = (names: string[]) =>
    Object.fromEntries(
      names.map((name) => [name, SCOPE_DESCRIPTIONS[name as keyof typeof SCOPE_DESCRIPTIONS]]),
    );
  return {
    oauth2: {
      type: "oauth2",
      description: `Tokens from ${authorizationServer.issuer} (RFC 8414 metadata at its well-known URL), requested with resource=${resource} (RFC 8707). Portal callers use the authorization code flow with PKCE (S256, required); the back office uses client credentials. A token holds scopes of one family only.`,
      flows: {
        authorizationCode: {
          authorizationUrl: authorizationServer.authorizationUrl,
          tokenUrl: authorizationServer.tokenUrl,
          scopes: scopes([SCOPES.portalRead, SCOPES.portalWrite]),
        },
        clientCredentials: {
          tokenUrl: authorizationServer.tokenUrl,
          scopes: scopes([SCOPES.merchantRead, SCOPES.merchantWrite, SCOPES.webhooksManage]),
        },
      },
    },
    bearerAuth,
  };
}
