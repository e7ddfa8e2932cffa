/**
 * @module headers — case-insensitive reads from whatever the receiver's framework hands over.
 */
import { type WebhookHeaderName, WebhookVerificationError } from "./errors";

/** Anything with a Fetch-style `get`: `Headers`, Hono's `c.req.raw.headers`, undici… */
export interface HeadersLike {
  get(name: string): string | null;
}

export type HeaderValue = string | readonly string[] | undefined | null;

/**
 * Request headers: a `Headers` instance, or a plain object with names in any case whose
 * values may be arrays (Node's `IncomingHttpHeaders`). The last member admits interfaces
 * without an index signature, such as core's `SignedWebhookHeaders`.
 */
export type WebhookHeaders =
  | HeadersLike
  | Readonly<Record<string, HeaderValue>>
  | Readonly<Partial<Record<WebhookHeaderName, HeaderValue>>>;

/** The value of a required header; an absent or empty one is `missing_header`. */
export function requireHeader(headers: WebhookHeaders, name: WebhookHeaderName): string {
  const value = readHeader(headers, name)?.trim();
  if (value === undefined || value === "") {
    throw new WebhookVerificationError("missing_header", `Missing the ${name} header.`, {
      header: name,
    });
  }
  return value;
}

function readHeader(headers: WebhookHeaders, name: WebhookHeaderName): string | undefined {
  if (headers === null || typeof headers !== "object") {
    throw new TypeError("headers must be a Headers instance or a plain object of header values");
  }
  if (typeof (headers as Partial<HeadersLike>).get === "function") {
    return (headers as HeadersLike).get(name) ?? undefined;
  }
  const record = headers as Readonly<Record<string, HeaderValue>>;
  // Node and most frameworks lower-case names already; scan only when they did not.
  let value = record[name];
  if (value === undefined) {
    for (const key of Object.keys(record)) {
      if (key.toLowerCase() === name) {
        value = record[key];
        break;
      }
    }
  }
  if (value === undefined || value === null) return undefined;
  // A repeated header arrives as an array; join it the way `Headers.get` would.
  return typeof value === "string" ? value : value.join(", ");
}
