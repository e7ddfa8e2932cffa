/**
 * @module http/request-log — the service's outermost handler: every response gets its
 * `Request-Id`, and every request one info line once it is answered (fields in the core
 * README, "Logs"). It wraps the routes and mounted handlers alike.
 */
import { problems } from "../domain/problems";
import type { ReportError } from "../observability/logging/failures";
import { type Logger, silentLogger } from "../observability/logging/logger";
import type { FetchHandler } from "./fetch-handler";
import { requestFacts, withRequestId } from "./request-id";
import type { Responder } from "./responses";

interface RequestLogParts {
  logger: Logger;
  /** Logs a failure and tells the host's `onError`. */
  reportError: ReportError;
  responder: Responder;
}

export function withRequestLog(serve: FetchHandler, parts: RequestLogParts): FetchHandler {
  const { logger, reportError, responder } = parts;
  // The silent logger would drop the line: it is not built.
  const logs = logger !== silentLogger;
  return async (request, context) => {
    const started = logs ? performance.now() : 0;
    const facts = requestFacts(request);
    let response: Response;
    try {
      response = await serve(request, context);
    } catch (error) {
      // Only a mounted handler can throw (the routes answer every failure themselves).
      const serving = `${request.method} ${facts.route ?? "a mounted path"}`;
      reportError(
        error,
        { source: "request", operation: serving, requestId: facts.id },
        `unexpected error serving ${serving}`,
      );
      response = responder.problem(problems.internal(), {}, facts.id);
    }
    if (logs) {
      logger.info(
        {
          "http.request.method": request.method,
          "http.route": facts.route ?? undefined,
          "http.response.status_code": response.status,
          duration_ms: Math.round((performance.now() - started) * 10) / 10,
          caller_kind: facts.callerKind ?? undefined,
          return_id: facts.returnId ?? undefined,
          request_id: facts.id,
        },
        "request completed",
      );
    }
    return withRequestId(response, facts.id);
  };
}
