/**
 * @module http/responses — JSON and problem+json responses, each pointing at the API's
 * description, and the headers every answer of the API carries (`answerHeaders`).
 */

import type { ProblemError } from "../domain/problems";
import type { HealthReport } from "../domain/schemas";
import { HEALTH_MEDIA_TYPE } from "../observability/health/health-check";
import { builtWithRequestId, REQUEST_ID_HEADER } from "./request-id";
import { textResponse } from "./response-text";
import { OPENAPI_PATH } from "./routes";

export const JSON_TYPE = "application/json";
const PROBLEM_TYPE = "application/problem+json";

/**
 * What a cache may do with an answer that does not say: nothing. Answers are personal (a
 * customer's returns, a merchant's queue) or refusals of a signed request; only the public
 * documents (policy, OpenAPI, metadata, health) set their own `cache-control`.
 */
const NOT_STORED = "private, no-store";

/**
 * `headers` (the caller's own new object) with what every answer of the API carries: never
 * sniffed as another type than it says, and `private, no-store` unless it says otherwise.
 */
export function answerHeaders(headers: Record<string, string>): Record<string, string> {
  headers["x-content-type-options"] = "nosniff";
  headers["cache-control"] ??= NOT_STORED;
  return headers;
}

/**
 * A mounted handler's `response` (the pages, the MCP endpoint) with what `answerHeaders` adds,
 * where it has not set them itself; copied first when its headers are immutable.
 */
export function withAnswerHeaders(response: Response): Response {
  const missing = !response.headers.has("cache-control");
  if (!missing && response.headers.get("x-content-type-options") === "nosniff") return response;
  const add = (headers: Headers) => {
    headers.set("x-content-type-options", "nosniff");
    if (missing) headers.set("cache-control", NOT_STORED);
  };
  try {
    add(response.headers);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    add(copy.headers);
    return copy;
  }
}

export interface Responder {
  /** `body` as JSON; with `requestId`, the response carries it as `Request-Id`. */
  json(
    status: number,
    body: unknown,
    headers?: Record<string, string>,
    requestId?: string,
  ): Response;
  /**
   * The problem as problem+json; with `requestId`, the body says it as `request_id` and the
   * response carries it as `Request-Id`.
   */
  problem(error: ProblemError, extraHeaders?: Record<string, string>, requestId?: string): Response;
  /** 200, or 503 when the report fails; never cached. With `requestId`, as `json`. */
  health(report: HealthReport, requestId?: string): Response;
  /** A document as given (its content type among `headers`), or none for a 304. */
  document(
    status: number,
    body: string | null,
    headers: Record<string, string>,
    requestId?: string,
  ): Response;
}

export function createResponder(baseUrl: string): Responder {
  const describedBy = `<${baseUrl}${OPENAPI_PATH}>; rel="describedby"`;
  return {
    json(status, body, headers = {}, requestId) {
      return answer(
        JSON.stringify(body),
        status,
        { "content-type": JSON_TYPE, link: describedBy, ...headers },
        requestId,
      );
    },
    health(report, requestId) {
      return answer(
        JSON.stringify(report),
        report.status === "fail" ? 503 : 200,
        { "content-type": HEALTH_MEDIA_TYPE, "cache-control": "no-store", link: describedBy },
        requestId,
      );
    },
    document(status, body, headers, requestId) {
      const all = answerHeaders({ link: describedBy, ...headers });
      if (body !== null) return answer(body, status, all, requestId);
      if (requestId === undefined) return new Response(null, { status, headers: all });
      all[REQUEST_ID_HEADER] = requestId;
      return builtWithRequestId(new Response(null, { status, headers: all }));
    },
    problem(error, extraHeaders = {}, requestId) {
      const body =
        requestId === undefined ? error.toJSON() : { ...error.toJSON(), request_id: requestId };
      return answer(
        JSON.stringify(body),
        error.status,
        { "content-type": PROBLEM_TYPE, link: describedBy, ...error.headers, ...extraHeaders },
        requestId,
      );
    },
  };
}

/**
 * A response of `text`; with `requestId`, `Request-Id` is among the headers it is built with,
 * so nothing is added to it afterwards. `headers` is the caller's own new object.
 */
function answer(
  text: string,
  status: number,
  headers: Record<string, string>,
  requestId: string | undefined,
): Response {
  answerHeaders(headers);
  if (requestId === undefined) return textResponse(text, { status, headers });
  headers[REQUEST_ID_HEADER] = requestId;
  return builtWithRequestId(textResponse(text, { status, headers }));
}

/** HEAD: the GET response's status and headers, without its body. */
export function withoutBody(response: Response): Response {
  return new Response(null, { status: response.status, headers: response.headers });
}
