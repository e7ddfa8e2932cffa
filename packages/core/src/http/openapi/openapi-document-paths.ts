/**
 * @module http/openapi/openapi-document-paths — how the OpenAPI document describes the two documents
 * served beside the routes: itself, and the RFC 9728 protected resource metadata.
 *
 * Both are public, answer GET and HEAD, and honour conditional requests (`conditional.ts`):
 * 304 for a cached copy still current, 412 for an If-Match naming another version.
 */
import { protectedResourceMetadataPath } from "../../auth/protected-resource";
import { ProtectedResourceMetadataSchema } from "../../domain/schemas";
import type { JsonSchema, SchemaComponents } from "./openapi-components";
import { DOCUMENT_HEADERS, headOperation } from "./openapi-operations";
import { problemResponseRef } from "./openapi-problems";

/** The OpenAPI 3.1 document, as much as a client needs to recognise it. */
const OPENAPI_DOCUMENT_SCHEMA: JsonSchema = {
  type: "object",
  required: ["openapi", "info", "paths", "components"],
  properties: {
    openapi: { const: "3.1.0" },
    info: { type: "object" },
    paths: { type: "object" },
    components: { type: "object" },
  },
};

/** `GET` and `HEAD` of the OpenAPI document itself. */
export function openApiDocumentPathItem(): Record<string, JsonSchema> {
  return documentPathItem({
    operationId: "getOpenApiDocument",
    summary: "This OpenAPI document",
    description:
      "Generated from the route table and zod schemas the API validates with; `_templates` link into its `components.requestBodies`.",
    schema: OPENAPI_DOCUMENT_SCHEMA,
  });
}

/**
 * The path item of the protected resource metadata, at its RFC 9728 path. That path lies at
 * the host's root, outside a prefix the service is mounted under, so the path item then names
 * the origin as its server.
 */
export function protectedResourceMetadataPathItem(
  baseUrl: string,
  components: SchemaComponents,
): { path: string; item: Record<string, unknown> } {
  const origin = new URL(baseUrl).origin;
  const item = documentPathItem({
    operationId: "getProtectedResourceMetadata",
    summary: "OAuth protected resource metadata (RFC 9728)",
    description:
      "Names the authorization servers that issue tokens for this API and the scopes it takes; a 401's `WWW-Authenticate` links here.",
    schema: components.convert(ProtectedResourceMetadataSchema, "output"),
  });
  return {
    path: protectedResourceMetadataPath(baseUrl),
    item: origin === baseUrl ? item : { servers: [{ url: origin }], ...item },
  };
}

function documentPathItem(document: {
  operationId: string;
  summary: string;
  description: string;
  schema: JsonSchema;
}): Record<string, JsonSchema> {
  const get: JsonSchema = {
    operationId: document.operationId,
    summary: document.summary,
    description: document.description,
    security: [],
    parameters: [
      { $ref: "#/components/parameters/IfNoneMatch" },
      { $ref: "#/components/parameters/IfMatch" },
    ],
    responses: {
      "200": {
        description: document.summary,
        headers: DOCUMENT_HEADERS,
        content: { "application/json": { schema: document.schema } },
      },
      "304": {
        description: "If-None-Match names the current entity tag: the cached copy is current.",
        headers: DOCUMENT_HEADERS,
      },
      "412": problemResponseRef(412),
    },
  };
  return { get, head: headOperation(get) };
}
