import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, test } from "vitest";
import { createReasonCatalogue } from "../reasons";
import { createReturnSchemas, EVENT_BODY_SCHEMAS } from "../schemas";
import {
  buildOpenApiDocument,
  type JsonSchema,
  type OpenApiDocument,
  problemResponseName,
  UNMATCHED_REQUEST_STATUSES,
} from "./openapi";
import { buildRoutes } from "./routes";

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
  const found = document.paths[path]?.[method];
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

  test("buildOpenApiDocument - every component _templates point at exists", () => {
    const { schemas } = documentFor().components;
    const templateIds = [
      "CreateReturn",
      "UpdateReturn",
      ...Object.values(EVENT_BODY_SCHEMAS).map((schema) => schema.meta()?.id),
    ];
    expect(templateIds).toHaveLength(12);
    for (const id of templateIds) expect(schemas, String(id)).toHaveProperty(String(id));
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

  test("buildOpenApiDocument - covers every route of the table, and the document itself", () => {
    const document = documentFor();
    const routes = buildRoutes(createReturnSchemas());
    const operationIds = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(operationIds.sort()).toEqual(
      [...routes.map((route) => route.operationId), "getOpenApiDocument"].sort(),
    );
  });

  test("buildOpenApiDocument - documents GET /v1/openapi.json as public", () => {
    const getDocument = operation(documentFor(), "/v1/openapi.json", "get");
    expect(getDocument.security).toEqual([]);
    expect(responseCodes(getDocument)).toEqual(["200"]);
  });

  test("buildOpenApiDocument - keeps a response for every status a request to no operation gets", () => {
    // Unknown paths (404) and methods (405) have no operation to list them; clients find
    // these in components.responses, as the document's description says.
    for (const withAuthorizationServer of [true, false]) {
      const { responses } = documentFor({ withAuthorizationServer }).components;
      for (const status of UNMATCHED_REQUEST_STATUSES) {
        expect(responses, String(status)).toHaveProperty(String(problemResponseName(status)));
      }
    }
    const methodNotAllowed = documentFor().components.responses.MethodNotAllowed as JsonSchema;
    expect(Object.keys(methodNotAllowed.headers as object)).toEqual(["Allow"]);
    expect(methodNotAllowed.content).toEqual({
      "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } },
    });
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
    expect(create.requestBody).toEqual({
      required: true,
      content: { "application/json": { schema: { $ref: "#/components/schemas/CreateReturn" } } },
    });
    const approve = operation(document, "/v1/merchant/returns/{id}/approve", "post");
    expect((approve.requestBody as JsonSchema).required).toBe(false);

    const createSchema = document.components.schemas.CreateReturn as {
      properties: Record<string, JsonSchema>;
    };
    expect(createSchema.properties.reason?.enum).toContain("GIFT_UNWANTED");
    expect(createSchema.properties.resolution).toEqual({ $ref: "#/components/schemas/Resolution" });

    const list = operation(document, "/v1/merchant/returns", "get");
    const query = (list.parameters as JsonSchema[]).filter((parameter) => parameter.in === "query");
    expect(query.map((parameter) => parameter.name)).toEqual([
      "state",
      "order_id",
      "limit",
      "cursor",
    ]);
    expect(query[0]?.schema).toEqual({ $ref: "#/components/schemas/ReturnState" });
    expect(query[2]).toMatchObject({
      required: false,
      schema: { type: "integer", default: 20, maximum: 100 },
    });
  });

  test("buildOpenApiDocument - no $ref is left pointing at zod's local $defs", () => {
    expect(JSON.stringify(documentFor())).not.toContain("#/$defs/");
  });
});
