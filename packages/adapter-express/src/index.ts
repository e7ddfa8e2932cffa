/**
 * @module @returnkit/adapter-express — mounts a returnkit service on Express.
 *
 * Bridges node's req/res to the core's Fetch handler. The body is passed through raw: the
 * router must see the bytes the client sent (for size limits, content type and the
 * idempotency fingerprint), so mount it before any `express.json()` or make sure body
 * parsers skip its paths.
 */
import { ambiguousPathResponse, type ReturnsService, responseText } from "@returnkit/core";
import {
  type ErrorRequestHandler,
  type NextFunction,
  type Request,
  type Response,
  Router,
} from "express";
import { toFetchRequest } from "./fetch-request";
import { bodyParserError, parserProblem, unparsedBody } from "./host-parser-errors";

/**
 * What the router hands a host's `authenticate(request, context)` as `context`: the Express
 * request and response, so a session middleware's user (`req.user`, `req.session`) can be read.
 */
export interface ExpressAuthContext {
  req: Request;
  res: Response;
}

/** What the router needs of a service. */
export type RoutedService = Pick<ReturnsService, "fetch"> &
  Partial<Pick<ReturnsService, "maxBodyBytes">>;

/** An Express router serving every returnkit route; mount it at `baseUrl`'s path. */
export function returnsRouter(service: RoutedService): Router {
  const router = Router();
  router.use((req: Request, res: Response, next: NextFunction) => {
    forward(service, req, res).catch(next);
  });
  return router;
}

/**
 * An error handler for a host whose own body parser (`express.json()`) runs ahead of the
 * router: mount it right after the router, at the same path,
 * `app.use("/returns", returnsRouter(service), returnsErrorHandler(service))`. A body the
 * parser could not parse goes to the core, which refuses it as it would have without the
 * parser (400 `invalid-body`); another parser failure (over the parser's `limit`, an
 * unsupported charset) is answered as a problem too. Any other error goes on to the host's
 * handlers.
 */
export function returnsErrorHandler(service: RoutedService): ErrorRequestHandler {
  return (error: unknown, req: Request, res: Response, next: NextFunction) => {
    const failure = bodyParserError(error);
    if (!failure || res.headersSent) return next(error);
    const body = unparsedBody(failure);
    if (body !== null) return void forward(service, req, res, body).catch(next);
    const problem = parserProblem(failure, req);
    res.statusCode = problem.status;
    res.setHeader("content-type", "application/problem+json");
    for (const [name, value] of Object.entries(problem.headers)) res.setHeader(name, value);
    res.end(JSON.stringify(problem.toJSON()));
  };
}

/** `unparsedBody`: the body a host's parser read and failed on, to hand the core instead. */
async function forward(service: RoutedService, req: Request, res: Response, unparsedBody?: string) {
  // Express matched the target as sent; the Fetch URL would resolve its dot segments.
  const ambiguous = ambiguousPathResponse(req.originalUrl, { get: (name) => req.get(name) });
  const request = ambiguous ? null : await toFetchRequest(req, service.maxBodyBytes, unparsedBody);
  // The client went away while sending its body: nobody is left to answer.
  if (!ambiguous && !request) return;
  const response =
    ambiguous ?? (await service.fetch(request!, { req, res } satisfies ExpressAuthContext));
  res.statusCode = response.status;
  // The core answered without reading the whole body (e.g. 413): keeping the connection
  // alive would mean reading the rest of a possibly huge upload, so answer and close it.
  if (!req.complete) {
    res.setHeader("connection", "close");
    req.resume();
  }
  response.headers.forEach((value, name) => {
    res.setHeader(name, value);
  });
  // The service's own answers come with their text: written as it is, with no stream read.
  const text = responseText(response);
  res.end(text ?? (response.body ? Buffer.from(await response.arrayBuffer()) : undefined));
}
