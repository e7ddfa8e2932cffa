/**
 * @module testing/openapi-responses — checks a response against the OpenAPI document the
 * service itself serves, so the document cannot drift from what the API really sends.
 *
 * The operation is found by method and path template, the response by status (then `4XX`,
 * then `default`), the media type by `Content-Type`, and the body is validated with ajv in
 * the JSON Schema 2020-12 dialect that OpenAPI 3.1 speaks. A path item's own `servers` (the
 * RFC 9728 metadata lives at the host's root) are honoured. A request that matches no
 * operation may only get what the document's description promises for that case: 404, or
 * 405 with an `Allow` that names the path item's methods, each with a problem body; anything
 * else it gets, a 2xx above all, means the document is missing an operation.
 */

import { UNMATCHED_REQUEST_STATUSES } from "@returnkit/core";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

export type Json = Record<string, unknown>;

export interface ObservedExchange {
  method: string;
  /** The absolute request URL. */
  url: string;
  status: number;
  headers: Headers;
  /** The raw response body. */
  text: string;
}

/** Returns null when the response is one the document describes, else why it is not. */
export type ResponseValidator = (exchange: ObservedExchange) => string | null;

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/**
 * Builds the validator for one document. `documentUrl` becomes the schemas' base URI, which
 * is also where `_templates` point (`<documentUrl>#/components/schemas/<Id>`).
 */
export function createResponseValidator(document: Json, documentUrl: string): ResponseValidator {
  const paths = (document.paths ?? {}) as Record<string, Json>;
  const components = (document.components ?? {}) as Json;
  const componentResponses = (components.responses ?? {}) as Record<string, Json>;
  const server = (document.servers as { url: string }[] | undefined)?.[0]?.url;
  if (!server) throw new Error("The OpenAPI document names no server");
  const pathOf = (url: string) => new URL(url).pathname.replace(/\/+$/, "");
  const serverPath = pathOf(server);

  // strict: a keyword ajv does not know in a generated schema is a generator bug, not noise.
  // A list of types (`"type": ["string", "number"]`) is plain JSON Schema 2020-12.
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  // The document is registered under its own URL so `#/components/schemas/…` refs resolve;
  // `components` is the one non-schema keyword that holder needs.
  ajv.addKeyword({ keyword: "components" });
  ajv.addSchema({ $id: documentUrl, components: { schemas: components.schemas ?? {} } });
  const compiled = new Map<string, ValidateFunction>();
  const validatorFor = (schema: unknown): ValidateFunction => {
    const absolute = JSON.stringify(schema).replaceAll('"#/', `"${documentUrl}#/`);
    let validate = compiled.get(absolute);
    if (!validate) {
      validate = ajv.compile(JSON.parse(absolute));
      compiled.set(absolute, validate);
    }
    return validate;
  };

  // Each template as the absolute path it answers at: under its path item's server, if any.
  const templates = Object.entries(paths).map(([template, item]) => {
    const own = (item.servers as { url: string }[] | undefined)?.[0]?.url;
    const full = (own ? pathOf(own) : serverPath) + template;
    return { template, segments: full.split("/").slice(1) };
  });

  /** OpenAPI: concrete paths win over templated ones, so fewer template segments first. */
  function pathItemFor(path: string): { template: string; item: Json } | undefined {
    const segments = path.split("/").slice(1);
    const matches = templates
      .filter(
        (candidate) =>
          candidate.segments.length === segments.length &&
          candidate.segments.every(
            (part, i) => part === segments[i] || (/^\{[^}]+\}$/.test(part) && segments[i] !== ""),
          ),
      )
      .map((candidate) => ({
        template: candidate.template,
        params: candidate.segments.filter((part) => part.startsWith("{")).length,
      }))
      .sort((a, b) => a.params - b.params);
    const best = matches[0];
    return best ? { template: best.template, item: paths[best.template] as Json } : undefined;
  }

  function resolveResponse(response: Json): Json {
    const ref = response.$ref;
    if (typeof ref !== "string") return response;
    const name = ref.replace("#/components/responses/", "");
    const target = componentResponses[name];
    if (!target) throw new Error(`Dangling response reference ${ref}`);
    return target;
  }

  function checkBody(exchange: ObservedExchange, response: Json, where: string): string | null {
    const content = response.content as Record<string, { schema?: unknown }> | undefined;
    if (exchange.method === "HEAD") return null;
    if (!content) {
      return exchange.text === "" ? null : `${where}: the document says no body, but one was sent`;
    }
    const mediaType = (exchange.headers.get("content-type") ?? "").split(";")[0]!.trim();
    const media = content[mediaType];
    if (!media) {
      return `${where}: Content-Type ${mediaType || "(none)"} is not documented (${Object.keys(content).join(", ")})`;
    }
    if (media.schema === undefined) return null;
    let body: unknown;
    try {
      body = JSON.parse(exchange.text);
    } catch {
      return `${where}: the body is not JSON: ${exchange.text.slice(0, 200)}`;
    }
    const validate = validatorFor(media.schema);
    if (validate(body)) return null;
    const issues = (validate.errors ?? [])
      .slice(0, 5)
      .map((error) => `${error.instancePath || "/"} ${error.message}`)
      .join("; ");
    return `${where}: the body does not match ${JSON.stringify(media.schema)}: ${issues}`;
  }

  /** What the document's description promises a request no operation takes: a problem. */
  const unmatchedResponse: Json = {
    content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
  };

  function checkUnmatched(
    exchange: ObservedExchange,
    where: string,
    allow?: string[],
  ): string | null {
    if (allow && exchange.status !== 405) {
      return `${where}: the path has no such operation, so only 405 is documented`;
    }
    if (!UNMATCHED_REQUEST_STATUSES.includes(exchange.status)) {
      return `${where}: no operation in the document answers this request (add one, or make it a 404/405)`;
    }
    if (exchange.status === 404 && !componentResponses.NotFound) {
      return `${where}: #/components/responses/NotFound, which the description names, is missing`;
    }
    if (allow) {
      const sent = (exchange.headers.get("allow") ?? "").split(",").map((m) => m.trim());
      if ([...sent].sort().join(",") !== [...allow].sort().join(",")) {
        return `${where}: Allow says ${sent.join(", ")}, the document's path item ${allow.join(", ")}`;
      }
    }
    return checkBody(exchange, unmatchedResponse, where);
  }

  return (exchange) => {
    const url = new URL(exchange.url);
    const where = `${exchange.method} ${url.pathname} → ${exchange.status}`;
    const found = pathItemFor(url.pathname);
    if (!found) return checkUnmatched(exchange, where);
    const operation = found.item[exchange.method.toLowerCase()] as Json | undefined;
    if (!operation) {
      const allow = HTTP_METHODS.filter((m) => m in found.item).map((m) => m.toUpperCase());
      return checkUnmatched(exchange, `${where} (${found.template})`, allow);
    }
    const responses = (operation.responses ?? {}) as Record<string, Json>;
    const status = String(exchange.status);
    const response =
      responses[status] ?? responses[`${status[0]}XX`] ?? responses.default ?? undefined;
    const at = `${where} (${operation.operationId as string})`;
    if (!response) {
      return `${at}: the operation documents no ${status} response (it has ${Object.keys(responses).join(", ")})`;
    }
    return checkBody(exchange, resolveResponse(response), at);
  };
}
