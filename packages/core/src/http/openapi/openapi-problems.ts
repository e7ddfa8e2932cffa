/**
 * @module http/openapi/openapi-problems — the problem responses and the headers the OpenAPI document
 * names: which statuses an operation can answer, and how each is described.
 */
import type { RouteDefinition } from "../routes";

type JsonObject = Record<string, unknown>;

const PROBLEM_JSON = "application/problem+json";

/** Problem responses by status; an operation lists those it can actually produce. */
const PROBLEM_RESPONSES: Record<number, { name: string; description: string; headers?: string[] }> =
  {
    400: {
      name: "BadRequest",
      description:
        "Invalid body or query (`errors` lists each issue), a missing or malformed Idempotency-Key, or a malformed Authorization header. With the shop's orders: `line-not-on-order` (`returnable_lines` lists what can be returned); for a return request, `return-request-refused` names each refused line in `lines` (and, when a line is not on the order, lists what can be returned once, in `returnable_lines`).",
    },
    401: {
      name: "Unauthorized",
      description:
        "No credentials, or invalid ones. With OAuth: no access token, or one that is expired, not yet valid, for another issuer or audience, badly signed, or of an unexpected typ or alg, and `WWW-Authenticate` links the protected-resource metadata. With the shop's own sign-in: not signed in.",
      headers: ["WWW-Authenticate"],
    },
    403: {
      name: "Forbidden",
      description:
        "The caller lacks a scope this operation needs (`required_scopes` lists them; with OAuth, `WWW-Authenticate` names them too), or holds portal and merchant scopes at once.",
      headers: ["WWW-Authenticate"],
    },
    404: {
      name: "NotFound",
      description:
        "No such return for this caller (another customer's return is not found either), no such order for this caller (`order-not-found`, the same for another customer's order; for a guest's lookup, the same for an unknown number as for a wrong email or postcode), a service not connected to the shop's orders (`orders-not-configured`), an unknown event, or no such path; for the webhook operations, no such endpoint (`endpoint-not-found`) or event (`event-not-found`).",
    },
    409: {
      name: "Conflict",
      description:
        "The event does not apply in the return's state (`allowed_events` lists those that do), the return's history is full (`history-limit-reached`), the return changed concurrently (`concurrent-update`: send it again), or an approval found the item a return is exchanged for no longer offered or available (`exchange-no-longer-available`). For webhook endpoints: the id exists (`endpoint-exists`), the endpoint is the code's (`endpoint-managed-in-code`: a subscriber, or one from the service's options; only enabling or disabling it is possible), a test event to it still waits for its answer (`test-event-in-flight`, with `Retry-After`), or another change to it won the race (`endpoint-concurrent-update`: nothing was changed; send it again, with the same Idempotency-Key if you like). For a redelivery: an earlier event of the return is dead to the same endpoint (`redelivery-out-of-order`, `dead_ahead` lists them; recover keeps order, `out_of_order: true` sends it anyway).",
      headers: ["Retry-After"],
    },
    412: {
      name: "PreconditionFailed",
      description:
        "If-Match names another version than the current one: of the return (`precondition-failed`, with `current_version`), or of the document (`document-changed`, with `current_etag`).",
    },
    413: {
      name: "PayloadTooLarge",
      description: "The body exceeds the size limit (16 KiB by default).",
    },
    415: { name: "UnsupportedMediaType", description: "The body is not application/json." },
    422: {
      name: "UnprocessableContent",
      description:
        "This Idempotency-Key was already used with a different request (`idempotency-key-reused`); or the shop's order refuses the return: `quantity-exceeds-returnable` (`returnable_quantity`), `return-window-closed` (`returnable_until`), `not-returnable` (final sale), `refused-by-policy` (the shop's own `code`), `reason-not-allowed` (a reason outside those the shop allows for the line's product; `allowed_reasons` lists them), `exchange-not-offered` or `exchange-unavailable` (the item asked for in exchange; `offers` lists the skus available now). A webhook endpoint's URL that points inside the network or carries credentials (`webhook-destination-refused`: `rule` names why, e.g. `loopback`, `private`, `cloud-metadata`, `userinfo`).",
    },
    429: {
      name: "TooManyRequests",
      description:
        "Too many guest lookups from this address or for this order number in the window (`too-many-lookups`); `Retry-After` says when to try again.",
      headers: ["Retry-After"],
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

export const HEADERS: Record<string, JsonObject> = {
  ETag: {
    description:
      "The return's version as an entity tag; send it back in If-Match to update only that version.",
    schema: { type: "string" },
  },
  Location: {
    description: "URL of the created resource (a return, a webhook endpoint).",
    schema: { type: "string", format: "uri" },
  },
  "Idempotent-Replayed": {
    description:
      "`true` when this is the stored response of an earlier request with the same Idempotency-Key.",
    schema: { type: "string", enum: ["true"] },
  },
  "Request-Id": {
    description:
      "The request's id: the request's `X-Request-Id` when it is 1-200 visible ASCII characters, else the trace id of a valid W3C `traceparent`, else a fresh `req_…`. Also in problem bodies (`request_id`), in log lines, and on the webhooks the request's change sends (`returnkit-request-id`).",
    schema: { type: "string" },
  },
  Link: {
    description: 'Always includes `<…/v1/openapi.json>; rel="describedby"`.',
    schema: { type: "string" },
  },
  "WWW-Authenticate": {
    description:
      "With OAuth, a Bearer challenge (RFC 6750) with `resource_metadata` (RFC 9728), and `scope` or `error` as applicable; with the shop's own sign-in, the challenge the shop set, if any.",
    schema: { type: "string" },
  },
  "Retry-After": {
    description: "Seconds to wait before retrying.",
    schema: { type: "integer", minimum: 0 },
  },
  DocumentETag: {
    description:
      "The document's strong entity tag; send it in If-None-Match to revalidate a cached copy (304).",
    schema: { type: "string" },
  },
  "Cache-Control": {
    description: "How long the document may be cached.",
    schema: { type: "string" },
  },
};

/**
 * Statuses a request that matches no operation of the document can get: 404 for a path the
 * document does not have, 405 (with `Allow`) for a method its path item lacks. An OpenAPI
 * document describes only operations that exist, so its description says so; both bodies are
 * a `Problem`.
 */
export const UNMATCHED_REQUEST_STATUSES: readonly number[] = [404, 405];

/** The name of the `components.responses` entry for a problem with this status. */
export function problemResponseName(status: number): string | undefined {
  return PROBLEM_RESPONSES[status]?.name;
}

/** A `$ref` to the problem response for `status`. */
export function problemResponseRef(status: number): JsonObject {
  return { $ref: `#/components/responses/${PROBLEM_RESPONSES[status]?.name}` };
}

/** The problem response for `status` without its body, for a HEAD operation. */
export function problemHeadResponse(status: number): JsonObject {
  const problem = PROBLEM_RESPONSES[status];
  if (!problem) throw new Error(`no problem response for ${status}`);
  return {
    description: problem.description,
    headers: headerRefs(["Request-Id", ...(problem.headers ?? [])]),
  };
}

/** `components.responses`: one entry per status in `used`, each a problem+json `schema`. */
export function problemResponses(used: Iterable<number>, schema: JsonObject): JsonObject {
  const responses: Record<string, JsonObject> = {};
  for (const status of [...new Set(used)].sort((a, b) => a - b)) {
    const problem = PROBLEM_RESPONSES[status];
    if (!problem) continue;
    responses[problem.name] = {
      ...problemHeadResponse(status),
      content: { [PROBLEM_JSON]: { schema } },
    };
  }
  return responses;
}

/** The problems a route can answer, by status. */
export function problemStatuses(route: RouteDefinition): number[] {
  const write = route.method !== "GET";
  const byId = route.path.includes("{id}");
  const statuses = [
    400,
    500,
    ...(route.caller ? [401, 403, 503] : []),
    ...(byId ? [404] : []),
    ...(write ? [409, 422] : []),
    ...((write && byId) || route.cacheable ? [412] : []),
    ...(route.body ? [413, 415] : []),
    ...(route.problems ?? []),
  ];
  return [...new Set(statuses)].sort((a, b) => a - b);
}

export function headerRefs(names: readonly string[]): Record<string, JsonObject> {
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}
