/** @module http/responses — JSON and problem+json responses, each pointing at the API's description. */
import { HEALTH_MEDIA_TYPE } from "../health/health-check";
import type { ProblemError } from "../problems";
import type { HealthReport } from "../schemas";
import { textResponse } from "./response-text";
import { OPENAPI_PATH } from "./routes";

export const JSON_TYPE = "application/json";
export const PROBLEM_TYPE = "application/problem+json";

export interface Responder {
  json(status: number, body: unknown, headers?: Record<string, string>): Response;
  /** The problem as problem+json; with `requestId`, the body says it as `request_id`. */
  problem(error: ProblemError, extraHeaders?: Record<string, string>, requestId?: string): Response;
  /** 200, or 503 when the report fails; never cached. */
  health(report: HealthReport): Response;
}

export function createResponder(baseUrl: string): Responder {
  const describedBy = `<${baseUrl}${OPENAPI_PATH}>; rel="describedby"`;
  return {
    json(status, body, headers = {}) {
      return textResponse(JSON.stringify(body), {
        status,
        headers: { "content-type": JSON_TYPE, link: describedBy, ...headers },
      });
    },
    health(report) {
      return textResponse(JSON.stringify(report), {
        status: report.status === "fail" ? 503 : 200,
        headers: {
          "content-type": HEALTH_MEDIA_TYPE,
          "cache-control": "no-store",
          link: describedBy,
        },
      });
    },
    problem(error, extraHeaders = {}, requestId) {
      const body =
        requestId === undefined ? error.toJSON() : { ...error.toJSON(), request_id: requestId };
      return textResponse(JSON.stringify(body), {
        status: error.status,
        headers: {
          "content-type": PROBLEM_TYPE,
          link: describedBy,
          ...error.headers,
          ...extraHeaders,
        },
      });
    },
  };
}

/** HEAD: the GET response's status and headers, without its body. */
export function withoutBody(response: Response): Response {
  return new Response(null, { status: response.status, headers: response.headers });
}
