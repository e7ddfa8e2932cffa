/**
 * @module payload — the raw request body, exactly as it arrived.
 */
import { WebhookVerificationError } from "./errors";

/** The body bytes as received: a string, or bytes (`Uint8Array`, Node `Buffer`, `ArrayBuffer`). */
export type RawWebhookBody = string | Uint8Array | ArrayBuffer | ArrayBufferView;

const RAW_BODY_HELP =
  "Pass the raw request body (a string, Buffer, Uint8Array or ArrayBuffer), not a parsed object: " +
  "the signature covers the exact bytes sent, and re-serialising JSON does not reproduce them. " +
  'Express: express.raw({ type: "application/json" }) on this route before any express.json(); ' +
  "Fetch, Hono, Next.js: await request.text().";

/**
 * Normalises the payload to a string or a byte view without copying. Anything else (a parsed
 * JSON object, `undefined` because no body parser kept the bytes) is `malformed` with a
 * message that says how to get the raw body.
 */
export function toRawBody(payload: unknown): string | Uint8Array {
  if (typeof payload === "string" || payload instanceof Uint8Array) return payload;
  // isView and the tag check also catch bytes from another realm (vm, iframe, test env).
  if (ArrayBuffer.isView(payload)) {
    return new Uint8Array(payload.buffer, payload.byteOffset, payload.byteLength);
  }
  if (Object.prototype.toString.call(payload) === "[object ArrayBuffer]") {
    return new Uint8Array(payload as ArrayBuffer);
  }
  const got = payload === null ? "null" : Array.isArray(payload) ? "an array" : typeof payload;
  throw new WebhookVerificationError(
    "malformed",
    `Received ${got} as the payload. ${RAW_BODY_HELP}`,
  );
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The body as text for `JSON.parse`; invalid UTF-8 is `malformed`. */
export function rawBodyText(body: string | Uint8Array): string {
  if (typeof body === "string") return body;
  try {
    return utf8.decode(body);
  } catch (cause) {
    throw new WebhookVerificationError("malformed", "The payload is not valid UTF-8.", { cause });
  }
}
