/** @module fetch-request — an Express request as the Fetch `Request` the core serves. */
import type { Request } from "express";
import { readDeclaredBody } from "./body-bytes";
import { bodyStream } from "./body-stream";

/** RFC 9110 token: what the Fetch API accepts as a method name, forbidden ones aside. */
const METHOD_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Methods the Fetch API refuses to build a Request for (a TypeError, whatever the case). */
const FETCH_FORBIDDEN_METHODS = new Set(["CONNECT", "TRACE", "TRACK"]);

function fetchCanCarry(method: string): boolean {
  return METHOD_TOKEN.test(method) && !FETCH_FORBIDDEN_METHODS.has(method.toUpperCase());
}

/**
 * The Fetch `Request` for `req`. A body of declared length up to `maxBodyBytes` is read here
 * into one Buffer and handed over as bytes; a chunked or larger one (which the core refuses
 * or reads under its own cap) stays a stream; `unparsedBody`, the text a host's parser read
 * and failed on, replaces the consumed stream. Null when the client went away mid-body: there
 * is nobody left to answer.
 */
export async function toFetchRequest(
  req: Request,
  maxBodyBytes?: number,
  unparsedBody?: string,
): Promise<globalThis.Request | null> {
  const protocol = req.protocol || "http";
  const host = req.get("host") ?? "localhost";
  // originalUrl keeps the mount path, which the core strips using its baseUrl. Resolving it
  // against the origin also copes with the other request-target forms (`*`, and the
  // absolute form `http://host/path`), which plain concatenation turns into invalid URLs.
  const url = requestUrl(req.originalUrl, `${protocol}://${host}`);
  const headers = headersOf(req);
  const method = req.method.toUpperCase();
  if (!fetchCanCarry(method)) return unrepresentableMethodRequest(url, headers, method);
  if (method === "GET" || method === "HEAD")
    return new globalThis.Request(url, { method, headers });
  if (unparsedBody !== undefined) {
    // What a host's parser read and could not parse: the core judges these bytes itself.
    headers.delete("content-encoding");
    headers.delete("transfer-encoding");
    headers.delete("content-length");
    return new globalThis.Request(url, { method, headers, body: unparsedBody });
  }
  if (declaredWithin(req, maxBodyBytes)) {
    const bytes = await readDeclaredBody(req);
    if (!bytes) return null;
    const body = new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
    return new globalThis.Request(url, { method, headers, body });
  }
  const abort = new AbortController();
  req.once("close", () => {
    if (!req.complete) abort.abort();
  });
  const body = bodyOf(req, headers);
  return new globalThis.Request(url, {
    method,
    headers,
    body,
    signal: abort.signal,
    // Node requires this for a streamed request body.
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

function headersOf(req: Request): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return headers;
}

/** A body still unread whose declared length is at most `maxBodyBytes`. */
function declaredWithin(req: Request, maxBodyBytes: number | undefined): boolean {
  const declared = req.headers["content-length"];
  if (maxBodyBytes === undefined || declared === undefined) return false;
  if (req.headers["transfer-encoding"] !== undefined) return false;
  if (req.readableEnded || req.body !== undefined) return false;
  return Number(declared) <= maxBodyBytes;
}

/**
 * `new Request` throws for TRACE (and CONNECT, TRACK, non-token names), and the throw
 * reached Express's default handler: a 500 page with a stack trace. The core answers these
 * like any other method no route serves (405 with Allow, or 404), and never reads a body for
 * them; so it gets a bodiless Request that reports the method the client sent, as
 * `@hono/node-server` does for TRACE.
 */
function unrepresentableMethodRequest(
  url: string,
  headers: Headers,
  method: string,
): globalThis.Request {
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  const request = new globalThis.Request(url, { method: "GET", headers });
  Object.defineProperty(request, "method", { value: method, enumerable: true });
  return request;
}

/**
 * A body parser that ran before us leaves the parsed value; re-serialise it so the core
 * still gets bytes (the raw stream is already consumed).
 */
function bodyOf(req: Request, headers: Headers): BodyInit {
  if (!req.readableEnded && req.body === undefined) return bodyStream(req);
  headers.delete("content-length");
  return typeof req.body === "string"
    ? req.body
    : Buffer.isBuffer(req.body)
      ? new Uint8Array(req.body)
      : JSON.stringify(req.body ?? {});
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
