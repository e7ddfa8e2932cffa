/**
 * @module http/openapi — the OpenAPI 3.1 document, generated from the route table and the zod
 * schemas, so it cannot drift from what the router validates.
 *
 * Each zod schema is converted on its own with `z.toJSONSchema` (JSON Schema 2020-12, which
 * OpenAPI 3.1 speaks natively); schemas named with `.meta({ id })` come out as `$defs` and are
 * hoisted into `components.schemas`, where `_templates` point (`…/openapi.json#/components/schemas/<Id>`).
 */
import { z } from "zod";
import { SCOPES } from "../principal";
import { ProblemSchema, ReturnDataSchema, ReturnSchema } from "../schemas";
import { OPENAPI_PATH, type RouteDefinition, routeScopes } from "./routes";

export type JsonSchema = Record<string, unknown>;

export interface OpenApiAuthorizationServer {
  /** Authorization endpoint (authorization code + PKCE, for portal callers). */
  authorizationUrl: string;
  /** Token endpoint (code exchange and client credentials). */
  tokenUrl: string;
  /** Issuer identifier; its RFC 8414 metadata has everything else. */
  issuer: string;
}

export interface OpenApiOptions {
  routes: readonly RouteDefinition[];
  /** Where returnkit is mounted (its resource identifier); the document's only server. */
  baseUrl: string;
  authorizationServer?: OpenApiAuthorizationServer;
  /** The host authenticates callers itself: the document declares its scheme, not OAuth. */
  hostAuth?: { scheme?: JsonSchema };
  title?: string;
  version?: string;
  /** Writes need Idempotency-Key unless the host made it optional. Default true. */
  idempotencyKeyRequired?: boolean;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: {
    schemas: Record<string, JsonSchema>;
    parameters: Record<string, JsonSchema>;
    headers: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

const PROBLEM_JSON = "application/problem+json";

const SCOPE_DESCRIPTIONS = {
  [SCOPES.portalRead]: "Read the customer's own returns.",
  [SCOPES.portalWrite]:
    "Create, update, submit and cancel the customer's own returns (implies read).",
  [SCOPES.merchantRead]: "Read and list all returns.",
  [SCOPES.merchantWrite]: "Send the eight lifecycle events to any return (implies read).",
};

/**
 * Problem responses by status; an operation lists those it can actually produce. 404 and 405
 * are also what requests to no operation at all get, so they are always in
 * `components.responses` (see `UNMATCHED_REQUEST_STATUSES`).
 */
const PROBLEM_RESPONSES: Record<number, { name: string; description: string; headers?: string[] }> =
  {
    400: {
      name: "BadRequest",
      description:
        "Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned) or `exchange-size-not-offered` (`sizes` lists those on offer).",
    },
    401: {
      name: "Unauthorized",
      description:
        "No access token, or an invalid one (expired, not yet valid, wrong issuer or audience, bad signature, unexpected typ or alg). `WWW-Authenticate` links the protected-resource metadata.",
      headers: ["WWW-Authenticate"],
    },
    403: {
      name: "Forbidden",
      description:
        "The token lacks a scope this operation needs (`WWW-Authenticate` names them), or mixes portal and merchant scopes.",
      headers: ["WWW-Authenticate"],
    },
    404: {
      name: "NotFound",
      description:
        "No such return for this caller (another customer's return is not found either), no such order for this caller (`order-not-found`, the same for another customer's order), a service not connected to the shop's orders (`orders-not-configured`), an unknown event, or no such path.",
    },
    405: {
      name: "MethodNotAllowed",
      description:
        "The path exists but not with this method; `Allow` lists the methods its path item documents.",
      headers: ["Allow"],
    },
    409: {
      name: "Conflict",
      description:
        "The event does not apply in the return's state (`allowed_events` lists those that do), the return's history is full (`history-limit-reached`), the return changed concurrently, or a request with this Idempotency-Key is still running (`Retry-After`).",
      headers: ["Retry-After"],
    },
    412: {
      name: "PreconditionFailed",
      description: "If-Match names another version than the return's current one.",
    },
    413: {
      name: "PayloadTooLarge",
      description: "The body exceeds the size limit (16 KiB by default).",
    },
    415: { name: "UnsupportedMediaType", description: "The body is not application/json." },
    422: {
      name: "UnprocessableContent",
      description:
        "This Idempotency-Key was already used with a different request (`idempotency-key-reused`); or the shop's order refuses the return: `quantity-exceeds-returnable` (`returnable_quantity`), `return-window-closed` (`returnable_until`), `not-returnable` (final sale), `refused-by-policy` (the shop's own `code`).",
    },
    500: {
      name: "InternalError",
      description: "An unexpected error; nothing internal is disclosed. Safe to retry.",
    },
    502: {
      name: "BadGateway",
      description:
        "The shop's order system could not be read (`orders-unavailable`, with `Retry-After`) or answered something unusable (`order-source-invalid`); nothing was changed.",
      headers: ["Retry-After"],
    },
    503: {
      name: "ServiceUnavailable",
      description:
        "The authorization server's signing keys cannot be fetched, or the service's database cannot serve the request (unreachable, restarting, read-only mid-failover, timing out), right now; retry shortly with the same token and Idempotency-Key.",
      headers: ["Retry-After"],
    },
  };

const HEADERS: Record<string, JsonSchema> = {
  ETag: {
    description:
      "The return's version as an entity tag; send it back in If-Match to update only that version.",
    schema: { type: "string" },
  },
  Location: {
    description: "URL of the created return.",
    schema: { type: "string", format: "uri" },
  },
  "Idempotent-Replayed": {
    description:
      "`true` when this is the stored response of an earlier request with the same Idempotency-Key.",
    schema: { type: "string", enum: ["true"] },
  },
  Link: {
    description: 'Always includes `<…/v1/openapi.json>; rel="describedby"`.',
    schema: { type: "string" },
  },
  "WWW-Authenticate": {
    description:
      "A Bearer challenge (RFC 6750) with `resource_metadata` (RFC 9728), and `scope` or `error` as applicable.",
    schema: { type: "string" },
  },
  "Retry-After": {
    description: "Seconds to wait before retrying.",
    schema: { type: "integer", minimum: 0 },
  },
  Allow: {
    description: "The methods this path has, comma-separated.",
    schema: { type: "string" },
  },
  "Cache-Control": {
    description: "How long the document may be cached.",
    schema: { type: "string" },
  },
};

/**
 * Statuses a request that matches no operation of the document can get: 404 for a path the
 * document does not have (or an event no route sends), 405 for a method its path item lacks.
 * An OpenAPI document describes only operations that exist, so these responses live in
 * `components.responses` under `problemResponseName(status)`, and the document's description
 * says so. An unknown event's path authenticates first, hence 400, 401, 403 and 503 as well.
 */
export const UNMATCHED_REQUEST_STATUSES: readonly number[] = [400, 401, 403, 404, 405, 503];

/** The name of the `components.responses` entry for a problem with this status. */
export function problemResponseName(status: number): string | undefined {
  return PROBLEM_RESPONSES[status]?.name;
}

export function buildOpenApiDocument(options: OpenApiOptions): OpenApiDocument {
  const components = createSchemaComponents();
  const problemRef = components.convert(ProblemSchema, "output");
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const securitySchemes = options.hostAuth
    ? { hostAuth: options.hostAuth.scheme ?? HOST_AUTH_SCHEME }
    : oauthSecuritySchemes(baseUrl, options.authorizationServer);
  const schemes = Object.keys(securitySchemes);

  const paths: OpenApiDocument["paths"] = { [OPENAPI_PATH]: { get: openApiDocumentOperation() } };
  const usedProblems = new Set<number>(UNMATCHED_REQUEST_STATUSES);
  for (const route of options.routes) {
    const operation = buildOperation(route, components, schemes);
    for (const status of problemStatuses(route)) {
      usedProblems.add(status);
      (operation.responses as Record<string, JsonSchema>)[String(status)] = {
        $ref: `#/components/responses/${PROBLEM_RESPONSES[status]?.name}`,
      };
    }
    paths[route.path] ??= {};
    const pathItem = paths[route.path] as Record<string, JsonSchema>;
    pathItem[route.method.toLowerCase()] = operation;
  }

  const responses: Record<string, JsonSchema> = {};
  for (const status of [...usedProblems].sort((a, b) => a - b)) {
    const problem = PROBLEM_RESPONSES[status];
    if (!problem) continue;
    responses[problem.name] = {
      description: problem.description,
      ...(problem.headers ? { headers: headerRefs(problem.headers) } : {}),
      content: { [PROBLEM_JSON]: { schema: problemRef } },
    };
  }

  return {
    openapi: "3.1.0",
    info: {
      title: options.title ?? "returnkit returns API",
      version: options.version ?? "1.0.0",
      description:
        "Returns and exchanges. Every return carries HAL `_links` and HAL-FORMS `_templates` for the actions valid now for the caller; errors are RFC 9457 problem details; writes are idempotent with Idempotency-Key. A path this document does not list answers 404 (`#/components/responses/NotFound`); a method its path does not list, 405 (`#/components/responses/MethodNotAllowed`).",
    },
    servers: [{ url: baseUrl }],
    tags: [
      {
        name: "portal",
        description: "A customer, or an agent acting for one, on the customer's own returns.",
      },
      { name: "merchant", description: "The back office, on all returns." },
    ],
    paths,
    components: {
      schemas: components.schemas(),
      parameters: parameters(components, options.idempotencyKeyRequired ?? true),
      headers: HEADERS,
      responses,
      securitySchemes,
    },
  };
}

/** `GET /v1/openapi.json`: public, served by the fetch handler beside the route table. */
function openApiDocumentOperation(): JsonSchema {
  return {
    operationId: "getOpenApiDocument",
    summary: "This OpenAPI document",
    description:
      "Generated from the route table and zod schemas the API validates with; `_templates` point into its `components.schemas`.",
    security: [],
    responses: {
      "200": {
        description: "The OpenAPI 3.1 document",
        headers: headerRefs(["Cache-Control"]),
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["openapi", "info", "paths", "components"],
              properties: { openapi: { const: "3.1.0" } },
            },
          },
        },
      },
    },
  };
}

function buildOperation(
  route: RouteDefinition,
  components: SchemaComponents,
  schemes: readonly string[],
): JsonSchema {
  const write = route.method !== "GET";
  const parameters: JsonSchema[] = [];
  if (route.path.includes("{id}")) parameters.push({ $ref: "#/components/parameters/ReturnId" });
  if (route.path.includes("{order_id}")) {
    parameters.push({ $ref: "#/components/parameters/OrderId" });
  }
  if (route.query) parameters.push(...queryParameters(route.query, components));
  if (write) parameters.push({ $ref: "#/components/parameters/IdempotencyKey" });
  if (write && route.path.includes("{id}"))
    parameters.push({ $ref: "#/components/parameters/IfMatch" });

  const responses: Record<string, JsonSchema> = {};
  if (route.success) {
    const headers = ["Link"];
    if (route.success.schema === ReturnSchema) headers.push("ETag");
    if (route.success.status === 201) headers.push("Location");
    if (write) headers.push("Idempotent-Replayed");
    responses[String(route.success.status)] = {
      description: route.success.description,
      headers: headerRefs(headers),
      content: {
        "application/json": { schema: components.convert(route.success.schema, "output") },
      },
    };
  }

  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.event
      ? {
          description: `Sends the \`${route.event}\` event. A return offers it in \`_templates\` only while its lifecycle allows it.`,
        }
      : {}),
    ...(route.caller
      ? { tags: route.caller === "any" ? ["portal", "merchant"] : [route.caller] }
      : {}),
    security: securityRequirements(routeScopes(route), schemes),
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: route.bodyRequired ?? true,
            content: { "application/json": { schema: components.convert(route.body, "input") } },
          },
        }
      : {}),
    responses,
  };
}

/**
 * One requirement object per acceptable scope and scheme: requirement objects are OR-ed, the
 * scopes inside one are AND-ed, and a read is allowed with either `.read` or `.write`.
 */
function securityRequirements(
  scopes: readonly string[],
  schemes: readonly string[],
): Record<string, string[]>[] {
  return scopes.flatMap((scope) => schemes.map((scheme) => ({ [scheme]: [scope] })));
}

function problemStatuses(route: RouteDefinition): number[] {
  const write = route.method !== "GET";
  const byId = route.path.includes("{id}");
  const statuses = [
    400,
    500,
    ...(route.caller ? [401, 403, 503] : []),
    ...(byId ? [404] : []),
    ...(write ? [409, 422] : []),
    ...(write && byId ? [412] : []),
    ...(route.body ? [413, 415] : []),
    ...(route.problems ?? []),
  ];
  return [...new Set(statuses)].sort((a, b) => a - b);
}

function queryParameters(query: z.ZodType, components: SchemaComponents): JsonSchema[] {
  const schema = components.resolve(components.convert(query, "input"));
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: "query",
    required: required.has(name),
    schema: property,
  }));
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
        "The ETag of the version you last saw; the write fails with 412 if the return has changed since.",
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
          scopes: scopes([SCOPES.merchantRead, SCOPES.merchantWrite]),
        },
      },
    },
    bearerAuth,
  };
}

function headerRefs(names: readonly string[]): Record<string, JsonSchema> {
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

// ---- zod → components.schemas ----

interface SchemaComponents {
  /** The JSON Schema of `schema`; named parts become `$ref`s into components.schemas. */
  convert(schema: z.ZodType, io: "input" | "output"): JsonSchema;
  /** Follows a top-level `$ref` into the collected components. */
  resolve(schema: JsonSchema): JsonSchema;
  schemas(): Record<string, JsonSchema>;
}

const DEFS_PREFIX = "#/$defs/";
const COMPONENTS_PREFIX = "#/components/schemas/";

function createSchemaComponents(): SchemaComponents {
  const collected = new Map<string, { json: string; schema: JsonSchema }>();

  const add = (id: string, schema: JsonSchema) => {
    const json = JSON.stringify(schema);
    const existing = collected.get(id);
    // Request bodies are converted as input and responses as output; a shared component
    // must read the same both ways, or two different schemas claim one id.
    if (existing && existing.json !== json) {
      throw new Error(`Two different JSON Schemas claim the OpenAPI component "${id}"`);
    }
    collected.set(id, { json, schema });
  };

  return {
    convert(schema, io) {
      const {
        $schema: _dialect,
        $defs,
        ...root
      } = z.toJSONSchema(schema, {
        target: "draft-2020-12",
        io,
      }) as JsonSchema;
      for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
        add(id, rewriteRefs(definition) as JsonSchema);
      }
      return rewriteRefs(root) as JsonSchema;
    },
    resolve(schema) {
      const ref = schema.$ref;
      if (typeof ref !== "string" || !ref.startsWith(COMPONENTS_PREFIX)) return schema;
      return collected.get(ref.slice(COMPONENTS_PREFIX.length))?.schema ?? schema;
    },
    schemas() {
      return Object.fromEntries(
        [...collected.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([id, { schema }]) => [id, schema]),
      );
    },
  };
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === "$ref" && typeof child === "string" && child.startsWith(DEFS_PREFIX)
        ? COMPONENTS_PREFIX + child.slice(DEFS_PREFIX.length)
        : rewriteRefs(child),
    ]),
  );
}
