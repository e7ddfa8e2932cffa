import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, test } from "vitest";
import { MERCHANT_EVENTS } from "../../domain/machine";
import { createReasonCatalogue } from "../../domain/reasons";
import { createReturnSchemas, EVENT_BODY_SCHEMAS } from "../../domain/schemas";
import { buildRoutes } from "../routes";
import {
  buildOpenApiDocument,
  type JsonSchema,
  type OpenApiDocument,
  problemResponseName,
  UNMATCHED_REQUEST_STATUSES,
} from "./openapi";

const BASE_URL = "https://shop.example/returns";
const AUTHORIZATION_SERVER = {
  issuer: "https://auth.shop.example",
  authorizationUrl: "https://auth.shop.example/auth",
  tokenUrl: "https://auth.shop.example/token",
};

function documentFor(options: { withAuthorizationServer?: boolean; reasons?: string[] } = {}) {
  const catalogue = createReasonCatalogue({ other: options.reasons ?? [] });
  return buildOpenApiDocument({
    routes: buildRoutes(createReturnSchemas(catalogue)),
    baseUrl: `${BASE_URL}/`,
    ...(options.withAuthorizationServer === false
      ? {}
      : { authorizationServer: AUTHORIZATION_SERVER }),
  });
}

function operation(document: OpenApiDocument, path: string, method: string): JsonSchema {
  const found = document.paths[path]?.[method] as JsonSchema | undefined;
  if (!found) throw new Error(`no ${method} ${path}`);
  return found;
}

const responseCodes = (op: JsonSchema) => Object.keys(op.responses as object);
const parameterRefs = (op: JsonSchema) =>
  ((op.parameters ?? []) as JsonSchema[]).map((parameter) => parameter.$ref ?? parameter.name);

describe("buildOpenApiDocument", () => {
  test("buildOpenApiDocument - is a valid OpenAPI 3.1 document, with and without an authorization server", async () => {
    for (const withAuthorizationServer of [true, false]) {
      const document = documentFor({ withAuthorizationServer });
      expect(document.openapi).toBe("3.1.0");
      // swagger-parser checks the structure against the 3.1 schema and resolves every $ref.
      // A clone, since swagger-parser dereferences in place; `never` because its parameter
      // type comes from openapi-types, which core does not depend on.
      await expect(
        SwaggerParser.validate(structuredClone(document) as never),
      ).resolves.toBeTruthy();
    }
  });

  test("buildOpenApiDocument - serves one server, the mount point without a trailing slash", () => {
    expect(documentFor().servers).toEqual([{ url: BASE_URL }]);
  });

  test("buildOpenApiDocument - every request body _templates link to exists", () => {
    const { requestBodies, schemas } = documentFor().components;
    const templateIds = [
      "CreateReturn",
      "UpdateReturn",
      ...Object.values(EVENT_BODY_SCHEMAS).map((schema) => schema.meta()?.id),
    ];
    expect(templateIds).toHaveLength(12);
    for (const id of templateIds) {
      expect(requestBodies, String(id)).toHaveProperty([String(id), "content", "application/json"]);
    }
    for (const id of [
      "Return",
      "ReturnList",
      "Problem",
      "ReturnState",
      "Resolution",
      "HistoryEntry",
      "Template",
    ]) {
      expect(schemas).toHaveProperty(id);
    }
  });

  test("buildOpenApiDocument - covers every route of the table, a HEAD beside each GET, unknown events, and the documents", () => {
    const document = documentFor();
    const routes = buildRoutes(createReturnSchemas());
    const operationIds = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((op) => (op as JsonSchema).operationId),
    );
    const heads = routes
      .filter((route) => route.method === "GET")
      .map(
        (route) =>
          `head${route.operationId.replace(/^get/, "").replace(/^./, (c) => c.toUpperCase())}`,
      );
    expect(operationIds.sort()).toEqual(
      [
        ...routes.map((route) => route.operationId),
        ...heads,
        "getOpenApiDocument",
        "headOpenApiDocument",
        "portalUnknownEvent",
        "merchantUnknownEvent",
      ].sort(),
    );
    expect(heads).toContain("headPortalReturn");
    expect(heads).toContain("headListMerchantReturns");
  });

  test("buildOpenApiDocument - a HEAD answers as its GET, without bodies", () => {
    const document = documentFor();
    const get = operation(document, "/v1/portal/returns/{id}", "get");
    const head = operation(document, "/v1/portal/returns/{id}", "head");
    expect(responseCodes(head)).toEqual(responseCodes(get));
    expect(head.security).toEqual(get.security);
    expect(head.parameters).toEqual(get.parameters);
    for (const response of Object.values(head.responses as Record<string, JsonSchema>)) {
      expect(response).not.toHaveProperty("content");
      expect(response).not.toHaveProperty("$ref");
    }
    expect((head.responses as Record<string, JsonSchema>)["200"]?.headers).toHaveProperty("ETag");
  });

  test("buildOpenApiDocument - documents the events no route sends: scoped like the events, 404 unknown-event", () => {
    const document = documentFor();
    const unknown = operation(document, "/v1/merchant/returns/{id}/{event}", "post");
    expect(unknown.security).toEqual(
      operation(document, "/v1/merchant/returns/{id}/approve", "post").security,
    );
    expect(responseCodes(unknown)).toEqual(["400", "401", "403", "404", "503", "default"]);
    const event = (unknown.parameters as JsonSchema[])[1];
    expect(event).toMatchObject({ name: "event", in: "path", required: true });
    expect(event?.schema).toEqual({ type: "string", not: { enum: [...MERCHANT_EVENTS] } });
    const portal = operation(document, "/v1/portal/returns/{id}/{event}", "post");
    expect((portal.parameters as JsonSchema[])[1]?.schema).toEqual({
      type: "string",
      not: { enum: ["submit", "cancel"] },
    });
  });

  test("buildOpenApiDocument - documents the protected resource metadata at the host's root, only when it is served", () => {
    const at = (baseUrl: string, protectedResourceMetadata: boolean) =>
      buildOpenApiDocument({
        routes: buildRoutes(createReturnSchemas()),
        baseUrl,
        protectedResourceMetadata,
      }).paths;
    const prefixed = at(BASE_URL, true)["/.well-known/oauth-protected-resource/returns"];
    expect(prefixed?.servers).toEqual([{ url: "https://shop.example" }]);
    expect(Object.keys(prefixed ?? {})).toEqual(["servers", "get", "head"]);
    expect(prefixed?.get).toMatchObject({
      operationId: "getProtectedResourceMetadata",
      security: [],
    });
    const atRoot = at("https://shop.example", true)["/.well-known/oauth-protected-resource"];
    expect(atRoot).not.toHaveProperty("servers");
    expect(Object.keys(at(BASE_URL, false)).some((path) => path.startsWith("/.well-known"))).toBe(
      false,
    );
  });

  test("buildOpenApiDocument - documents GET /v1/openapi.json as public, with its conditional answers", () => {
    const getDocument = operation(documentFor(), "/v1/openapi.json", "get");
    expect(getDocument.security).toEqual([]);
    expect(responseCodes(getDocument)).toEqual(["200", "304", "412"]);
  });

  test("buildOpenApiDocument - describes what a request no operation takes gets", () => {
    // Unknown paths (404) and methods (405) have no operation to list them; the document's
    // description names what they get.
    expect(UNMATCHED_REQUEST_STATUSES).toEqual([404, 405]);
    for (const withAuthorizationServer of [true, false]) {
      const document = documentFor({ withAuthorizationServer });
      expect(document.components.responses).toHaveProperty(String(problemResponseName(404)));
      expect(document.info.description).toContain("#/components/responses/NotFound");
      expect(document.info.description).toContain("405 with `Allow`");
    }
  });

  test("buildOpenApiDocument - each operation requires its scopes", () => {
    const document = documentFor();
    expect(operation(document, "/v1/portal/returns", "post").security).toEqual([
      { oauth2: ["portal:returns.write"] },
      { bearerAuth: ["portal:returns.write"] },
    ]);
    // A read is allowed with .read or with .write: requirement objects are alternatives.
    expect(operation(document, "/v1/merchant/returns", "get").security).toEqual([
      { oauth2: ["merchant:returns.read"] },
      { bearerAuth: ["merchant:returns.read"] },
      { oauth2: ["merchant:returns.write"] },
      { bearerAuth: ["merchant:returns.write"] },
    ]);
    expect(
      operation(
        documentFor({ withAuthorizationServer: false }),
        "/v1/merchant/returns/{id}/approve",
        "post",
      ).security,
    ).toEqual([{ bearerAuth: ["merchant:returns.write"] }]);
    // The reason catalogue is for any reader, of either family.
    const reasons = operation(
      documentFor({ withAuthorizationServer: false }),
      "/v1/reasons",
      "get",
    );
    expect(reasons.security).toEqual([
      { bearerAuth: ["portal:returns.read"] },
      { bearerAuth: ["portal:returns.write"] },
      { bearerAuth: ["merchant:returns.read"] },
      { bearerAuth: ["merchant:returns.write"] },
    ]);
    expect(reasons.tags).toEqual(["portal", "merchant"]);
  });

  test("buildOpenApiDocument - portal scopes use authorization code, merchant scopes client credentials", () => {
    const { oauth2 } = documentFor().components.securitySchemes as Record<
      string,
      { flows: Record<string, JsonSchema> }
    >;
    expect(oauth2?.flows.authorizationCode).toMatchObject({
      authorizationUrl: AUTHORIZATION_SERVER.authorizationUrl,
      tokenUrl: AUTHORIZATION_SERVER.tokenUrl,
    });
    expect(Object.keys(oauth2?.flows.authorizationCode?.scopes as object)).toEqual([
      "portal:returns.read",
      "portal:returns.write",
    ]);
    expect(Object.keys(oauth2?.flows.clientCredentials?.scopes as object)).toEqual([
      "merchant:returns.read",
      "merchant:returns.write",
      "merchant:webhooks.manage",
    ]);
  });

  test("buildOpenApiDocument - lists the problem responses each route can produce", () => {
    const document = documentFor();
    expect(responseCodes(operation(document, "/v1/portal/returns", "post"))).toEqual([
      "201",
      "400",
      "401",
      "403",
      "404",
      "409",
      "413",
      "415",
      "422",
      "500",
      "502",
      "503",
    ]);
    expect(
      responseCodes(operation(document, "/v1/portal/orders/{order_id}/returnable", "get")),
    ).toEqual(["200", "400", "401", "403", "404", "500", "502", "503"]);
    expect(responseCodes(operation(document, "/v1/merchant/returns/{id}/approve", "post"))).toEqual(
      ["200", "400", "401", "403", "404", "409", "412", "413", "415", "422", "500", "503"],
    );
    expect(responseCodes(operation(document, "/v1/portal/returns/{id}", "get"))).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
      "500",
      "503",
    ]);
    const unauthorized = document.components.responses.Unauthorized as JsonSchema;
    expect(unauthorized.content).toEqual({
      "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } },
    });
    expect(unauthorized.headers).toHaveProperty("WWW-Authenticate");
  });

  test("buildOpenApiDocument - describes idempotency and version headers", () => {
    const document = documentFor();
    const create = operation(document, "/v1/portal/returns", "post");
    expect(parameterRefs(create)).toEqual(["#/components/parameters/IdempotencyKey"]);
    const created = (create.responses as Record<string, JsonSchema>)["201"];
    expect(Object.keys(created?.headers as object)).toEqual([
      "Request-Id",
      "Link",
      "ETag",
      "Location",
      "Idempotent-Replayed",
    ]);
    expect(parameterRefs(operation(document, "/v1/portal/returns/{id}", "patch"))).toEqual([
      "#/components/parameters/ReturnId",
      "#/components/parameters/IdempotencyKey",
      "#/components/parameters/IfMatch",
    ]);
    expect(document.components.parameters.IdempotencyKey).toMatchObject({
      in: "header",
      required: true,
    });
  });

  test("buildOpenApiDocument - request bodies and list queries come from the zod schemas", () => {
    const document = documentFor({ reasons: ["GIFT_UNWANTED"] });
    const create = operation(document, "/v1/portal/returns", "post");
    expect(create.requestBody).toEqual({ $ref: "#/components/requestBodies/CreateReturn" });
    const bodies = document.components.requestBodies as Record<
      string,
      { required: boolean; content: Record<string, { schema: JsonSchema }> }
    >;
    expect(bodies.CreateReturn?.required).toBe(true);
    expect(bodies.ApproveReturn?.required).toBe(false);

    const createSchema = bodies.CreateReturn?.content["application/json"]?.schema as {
      properties: Record<string, JsonSchema>;
    };
    expect(createSchema.properties.reason?.enum).toContain("GIFT_UNWANTED");
    expect(createSchema.properties.resolution).toEqual({ $ref: "#/components/schemas/Resolution" });

    const list = operation(document, "/v1/merchant/returns", "get");
    const query = (list.parameters as JsonSchema[]).filter((parameter) => parameter.in === "query");
    expect(query.map((parameter) => parameter.name)).toEqual([
      "state",
      "order_id",
      "request_id",
      "reason",
      "resolution",
      "created_from",
      "created_to",
      "rma",
      "tracking_number",
      "stalled",
      "limit",
      "cursor",
    ]);
    expect(query[0]?.schema).toEqual({ $ref: "#/components/schemas/ReturnState" });
    expect(query.find((parameter) => parameter.name === "limit")).toMatchObject({
      required: false,
      schema: { type: "integer", default: 20, maximum: 100 },
    });
  });

  test("buildOpenApiDocument - the delivery list pages as the returns list does: limit, cursor, next_cursor", () => {
    const document = documentFor();
    const list = operation(document, "/v1/webhooks/deliveries", "get");
    const query = (list.parameters as JsonSchema[]).filter((parameter) => parameter.in === "query");
    expect(query.map((parameter) => parameter.name)).toEqual([
      "return_id",
      "customer_id",
      "event_id",
      "status",
      "limit",
      "cursor",
    ]);
    expect(query[4]).toMatchObject({
      required: false,
      schema: { type: "integer", default: 20, minimum: 1, maximum: 100 },
    });
    expect(query[5]).toMatchObject({ required: false, schema: { type: "string" } });
    const page = document.components.schemas.WebhookDeliveryList as {
      properties: Record<string, JsonSchema>;
      required: string[];
    };
    expect(page.properties.next_cursor).toMatchObject({ type: ["string", "null"] });
    expect(page.required).toContain("next_cursor");
  });

  test("buildOpenApiDocument - a request body's defaults are optional; components.schemas has no optional default", () => {
    // Generators read a default under components.schemas as "always present" (a response's
    // view), so a body's defaults live in components.requestBodies, where they stay optional.
    const document = documentFor();
    const createSchema = (
      document.components.requestBodies.CreateReturn as {
        content: Record<string, { schema: { properties: { line: JsonSchema } } }>;
      }
    ).content["application/json"]?.schema;
    expect(createSchema?.properties.line).toMatchObject({
      required: ["sku"],
      properties: { quantity: { default: 1 } },
    });
    const optionalDefaults: string[] = [];
    const visit = (node: unknown, path: string) => {
      if (node === null || typeof node !== "object") return;
      const schema = node as JsonSchema;
      const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
      const properties = Array.isArray(schema.properties) ? {} : (schema.properties ?? {});
      for (const [name, property] of Object.entries(properties as JsonSchema)) {
        const hasDefault =
          property !== null && typeof property === "object" && "default" in property;
        if (hasDefault && !required.has(name)) optionalDefaults.push(`${path}/${name}`);
      }
      for (const [key, child] of Object.entries(schema)) visit(child, `${path}/${key}`);
    };
    visit(document.components.schemas, "#/components/schemas");
    expect(optionalDefaults).toEqual([]);
  });

  test("buildOpenApiDocument - names its license", () => {
    expect(documentFor().info.license).toEqual({ name: "MIT", identifier: "MIT" });
  });

  test("buildOpenApiDocument - no $ref is left pointing at zod's local $defs", () => {
    expect(JSON.stringify(documentFor())).not.toContain("#/$defs/");
  });
});
