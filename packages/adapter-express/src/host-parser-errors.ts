/**
 * @module host-parser-errors — a host body parser's failure on returnkit's paths, answered as
 * returnkit answers a bad body (problem+json) instead of by Express's HTML error page.
 *
 * A global `express.json()` ahead of the router reads the body first; when it fails it calls
 * `next(error)`, which skips every ordinary middleware (the router too) and reaches the first
 * error handler mounted at a matching path.
 */
import { type ProblemError, problems } from "@returnkit/core";
import type { Request } from "express";

/** What body-parser (and raw-body) attach to the errors they pass to `next`. */
interface BodyParserError {
  type: string;
  status: number;
  message: string;
  /** entity.parse.failed: the body as text, which the core can read and refuse itself. */
  body?: unknown;
  /** entity.too.large: the parser's limit in bytes. */
  limit?: unknown;
}

const BODY_PARSER_TYPES = new Set([
  "entity.parse.failed",
  "entity.too.large",
  "entity.verify.failed",
  "charset.unsupported",
  "encoding.unsupported",
  "request.aborted",
  "request.size.invalid",
]);

/** A client error a body parser raised, or null for anything else (the host's to handle). */
export function bodyParserError(error: unknown): BodyParserError | null {
  if (typeof error !== "object" || error === null) return null;
  const { type, status } = error as Partial<BodyParserError>;
  if (typeof type !== "string" || !BODY_PARSER_TYPES.has(type)) return null;
  if (typeof status !== "number" || status < 400 || status > 499) return null;
  return error as BodyParserError;
}

/** The body text the core should read and judge itself, when the parser kept it. */
export function unparsedBody(error: BodyParserError): string | null {
  return error.type === "entity.parse.failed" && typeof error.body === "string" ? error.body : null;
}

/** The problem for a parser failure that left no body for the core to judge. */
export function parserProblem(error: BodyParserError, req: Request): ProblemError {
  if (error.type === "entity.too.large" && typeof error.limit === "number") {
    return problems.payloadTooLarge(error.limit);
  }
  if (error.type === "charset.unsupported") {
    return problems.unsupportedMediaType(req.get("content-type") ?? null);
  }
  if (error.type === "request.aborted") return problems.bodyAborted(error);
  return problems.invalidBody(`The body could not be read: ${error.message}.`, [
    { path: "(root)", message: error.message },
  ]);
}
