/**
 * @module @returnkit/adapter-express — mounts a returnkit service on Express.
 *
 * Bridges node's req/res to the core's Fetch handler. The body is passed through raw: the
 * router must see the bytes the client sent (for size limits, content type and the
 * idempotency fingerprint), so mount it before any `express.json()` or make sure body
 * parsers skip its paths.
 */
import type { ReturnsService } from "@returnkit/core";
import { type NextFunction, type Request, type Response, Router } from "express";
import { bodyStream } from "./body-stream";

/** An Express router serving every returnkit route; mount it at `baseUrl`'s path. */
export function returnsRouter(service: Pick<ReturnsService, "fetch">): Router {
  const router = Router();
  router.use((req: Request, res: Response, next: NextFunction) => {
    forward(service, req, res).catch(next);
  });
  return router;
}

async function forward(service: Pick<ReturnsService, "fetch">, req: Request, res: Response) {
  const response = await service.fetch(toFetchRequest(req));
  res.status(response.status);
  // The core answered without reading the whole body (e.g. 413): keeping the connection
  // alive would mean reading the rest of a possibly huge upload, so answer and close it.
  if (!req.complete) {
    res.setHeader("connection", "close");
    req.resume();
  }
  response.headers.forEach((value, name) => {
    res.setHeader(name, value);
  });
  res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

function toFetchRequest(req: Request): globalThis.Request {
  const protocol = req.protocol || "http";
  const host = req.get("host") ?? "localhost";
  // originalUrl keeps the mount path, which the core strips using its baseUrl. Resolving it
  // against the origin also copes with the other request-target forms (`*`, and the
  // absolute form `http://host/path`), which plain concatenation turns into invalid URLs.
  const url = requestUrl(req.originalUrl, `${protocol}://${host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const method = req.method.toUpperCase();
  const hasBody = method !== "GET" && method !== "HEAD";
  // A body parser that ran before us leaves the parsed value; re-serialise it so the core
  // still gets bytes (the raw stream is already consumed).
  let requestBody: BodyInit | undefined;
  if (hasBody) {
    if (req.readableEnded || req.body !== undefined) {
      requestBody =
        typeof req.body === "string"
          ? req.body
          : Buffer.isBuffer(req.body)
            ? new Uint8Array(req.body)
            : JSON.stringify(req.body ?? {});
      headers.delete("content-length");
    } else {
      requestBody = bodyStream(req);
    }
  }
  const abort = new AbortController();
  req.once("close", () => {
    if (!req.complete) abort.abort();
  });
  return new globalThis.Request(url, {
    method,
    headers,
    body: requestBody,
    signal: abort.signal,
    // Node requires this for a streamed request body.
    ...(requestBody instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

function requestUrl(target: string, origin: string): string {
  // origin-form (`/path`, even `//path`) is the usual case: append it to the origin.
  // absolute-form names the whole URL; asterisk-form (`*`) and anything else become a path.
  const candidate = target.startsWith("/")
    ? `${origin}${target}`
    : /^[a-z][a-z\d+.-]*:\/\//i.test(target)
      ? target
      : `${origin}/${target}`;
  try {
    return new URL(candidate).href;
  } catch {
    // A Host header the URL parser refuses: the path is all the core needs.
    try {
      return new URL(`http://localhost${target.startsWith("/") ? target : `/${target}`}`).href;
    } catch {
      return "http://localhost/";
    }
  }
}
