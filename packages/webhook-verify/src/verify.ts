/**
 * @module verify — Standard Webhooks v1 verification of a returnkit delivery.
 */
import { WebhookVerificationError } from "./errors";
import type { ReturnkitWebhookEvent } from "./events";
import { requireHeader, type WebhookHeaders } from "./headers";
import { constantTimeEqual, defaultHmac, type HmacBackend } from "./hmac";
import { type RawWebhookBody, rawBodyText, toRawBody } from "./payload";
import { parseSignatureList } from "./signature-list";

/** Five minutes either way, as Standard Webhooks and Stripe use. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/**
 * The longest `webhook-id` accepted, in characters. Receivers store it to deduplicate, so an
 * unbounded one is theirs to bound; returnkit's event ids are 30 characters.
 */
export const MAX_WEBHOOK_ID_LENGTH = 256;

export interface VerifyWebhookInput {
  /** The raw request body, byte for byte as received. A parsed object is refused. */
  payload: RawWebhookBody;
  /** The request headers: `Headers`, or a plain object with names in any case. */
  headers: WebhookHeaders;
  /** How far `webhook-timestamp` may lie from `now`, either way. Default 300. */
  toleranceSeconds?: number;
  /** The current time, as a `Date` or epoch milliseconds. Default: the clock. */
  now?: Date | number;
}

/**
 * One `whsec_…` secret, or several while rotating: a signature made with any of them passes.
 */
export type WebhookSecretInput =
  | { secret: string; secrets?: undefined }
  | { secrets: readonly string[]; secret?: undefined };

export type VerifyWebhookOptions = VerifyWebhookInput & WebhookSecretInput;

/** What a valid signature vouches for besides the body. */
export interface VerifiedWebhook {
  /** `webhook-id`: the event id, stable across retries; deduplicate on it. */
  id: string;
  /** `webhook-timestamp`: when this attempt was signed, in unix seconds. */
  timestamp: number;
}

interface WebhookVerifier {
  verifyWebhook(options: VerifyWebhookOptions): Promise<ReturnkitWebhookEvent>;
  verifyWebhookSignature(options: VerifyWebhookOptions): Promise<VerifiedWebhook>;
}

/**
 * The verifier over one HMAC backend. The package exports the one bound to the fastest
 * backend of the runtime; tests build one per backend to prove both behave alike.
 */
export function createWebhookVerifier(hmac: () => HmacBackend): WebhookVerifier {
  /**
   * Synchronous up to the HMAC, and throughout with node:crypto: an `async` function here
   * would cost a promise and a microtask per layer, about a quarter of a 1 KiB verification.
   */
  function verifySignature(options: VerifyWebhookOptions): Verified | Promise<Verified> {
    if (options === null || typeof options !== "object") {
      throw new TypeError("verifyWebhook expects { payload, headers, secret | secrets }");
    }
    const secrets = secretsOf(options);
    const tolerance = toleranceOf(options.toleranceSeconds);
    const now = nowSeconds(options.now);
    const body = toRawBody(options.payload);

    const id = requireWebhookId(options.headers);
    const timestampHeader = requireHeader(options.headers, "webhook-timestamp");
    const signatureHeader = requireHeader(options.headers, "webhook-signature");

    const timestamp = parseTimestamp(timestampHeader);
    if (now - timestamp > tolerance) {
      throw new WebhookVerificationError(
        "timestamp_too_old",
        `webhook-timestamp is ${now - timestamp} s old, more than the ${tolerance} s tolerance.`,
        { header: "webhook-timestamp" },
      );
    }
    if (timestamp - now > tolerance) {
      throw new WebhookVerificationError(
        "timestamp_too_new",
        `webhook-timestamp is ${timestamp - now} s ahead, more than the ${tolerance} s tolerance.`,
        { header: "webhook-timestamp" },
      );
    }

    const backend = hmac();
    const candidates = parseSignatureList(signatureHeader);
    // The signed content uses the header exactly as sent, not the number re-printed.
    const prefix = `${id}.${timestampHeader}.`;
    return matchSecret(backend, secrets, 0, prefix, body, candidates, { id, timestamp, body });
  }

  /**
   * A plain function returning a promise rather than an `async` one: no coroutine per call,
   * and a synchronous throw (a bad input, a body that is not JSON) still arrives as a rejection.
   */
  function settle<T>(options: VerifyWebhookOptions, finish: (verified: Verified) => T): Promise<T> {
    try {
      const checked = verifySignature(options);
      return checked instanceof Promise ? checked.then(finish) : Promise.resolve(finish(checked));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  return {
    verifyWebhookSignature: (options) => settle(options, signatureOnly),
    verifyWebhook: (options) => settle(options, eventOf),
  };
}

function signatureOnly({ id, timestamp }: Verified): VerifiedWebhook {
  return { id, timestamp };
}

function eventOf({ body }: Verified): ReturnkitWebhookEvent {
  return parseEvent(rawBodyText(body));
}

interface Verified extends VerifiedWebhook {
  body: string | Uint8Array;
}

/**
 * Tries the secrets in order from `from`, stopping at the first match. Module-level rather
 * than a closure so a verification allocates no functions.
 */
function matchSecret(
  backend: HmacBackend,
  secrets: readonly string[],
  from: number,
  prefix: string,
  body: string | Uint8Array,
  candidates: readonly string[],
  verified: Verified,
): Verified | Promise<Verified> {
  for (let i = from; i < secrets.length && candidates.length > 0; i++) {
    const signed = backend.sign(secrets[i]!, prefix, body);
    if (typeof signed !== "string") {
      return signed.then((expected) =>
        matchesAny(expected, candidates)
          ? verified
          : matchSecret(backend, secrets, i + 1, prefix, body, candidates, verified),
      );
    }
    if (matchesAny(signed, candidates)) return verified;
  }
  throw new WebhookVerificationError(
    "invalid_signature",
    "No v1 signature in webhook-signature matches the secret: check the secret, and that the body is passed unmodified.",
    { header: "webhook-signature" },
  );
}

/** Base64 text against base64 text: well-formed candidates have one spelling per MAC. */
function matchesAny(expected: string, candidates: readonly string[]): boolean {
  for (const candidate of candidates) if (constantTimeEqual(expected, candidate)) return true;
  return false;
}

function secretsOf(options: VerifyWebhookOptions): readonly string[] {
  const { secret, secrets } = options;
  if (secret !== undefined && secrets !== undefined) {
    throw new TypeError("Pass either secret or secrets, not both.");
  }
  if (typeof secret === "string") return [secret];
  const list = secrets ?? [];
  if (!Array.isArray(list) || list.length === 0 || list.some((s) => typeof s !== "string")) {
    throw new TypeError(
      "Pass the endpoint's whsec_… secret as secret, or a non-empty secrets array.",
    );
  }
  return list;
}

function toleranceOf(value: number | undefined): number {
  if (value === undefined) return DEFAULT_TOLERANCE_SECONDS;
  if (typeof value !== "number" || !(value >= 0)) {
    throw new TypeError("toleranceSeconds must be a number of seconds, 0 or more.");
  }
  return value;
}

function nowSeconds(now: Date | number | undefined): number {
  const ms = now === undefined ? Date.now() : typeof now === "number" ? now : now.getTime();
  if (!Number.isFinite(ms)) throw new TypeError("now must be a valid Date or epoch milliseconds.");
  return Math.floor(ms / 1000);
}

function requireWebhookId(headers: WebhookHeaders): string {
  const id = requireHeader(headers, "webhook-id");
  if (id.length > MAX_WEBHOOK_ID_LENGTH) {
    throw new WebhookVerificationError(
      "malformed",
      `webhook-id is longer than ${MAX_WEBHOOK_ID_LENGTH} characters.`,
      { header: "webhook-id" },
    );
  }
  return id;
}

function parseTimestamp(header: string): number {
  // Digits only: parseInt would accept "1700000000abc" and "1.7e9" would slip through Number.
  if (!/^\d{1,15}$/.test(header)) {
    throw new WebhookVerificationError(
      "malformed",
      "webhook-timestamp must be unix seconds (digits only).",
      { header: "webhook-timestamp" },
    );
  }
  return Number(header);
}

/** The verified body as an event. Only the envelope is checked; the sender is trusted now. */
function parseEvent(text: string): ReturnkitWebhookEvent {
  let event: unknown;
  try {
    event = JSON.parse(text);
  } catch (cause) {
    throw new WebhookVerificationError("malformed", "The signed payload is not JSON.", { cause });
  }
  if (!isEventEnvelope(event)) {
    throw new WebhookVerificationError(
      "malformed",
      "The signed payload is not a returnkit event ({ type, timestamp, data }).",
    );
  }
  return event as ReturnkitWebhookEvent;
}

function isEventEnvelope(
  value: unknown,
): value is { type: string; timestamp: string; data: object } {
  if (typeof value !== "object" || value === null) return false;
  const { type, timestamp, data } = value as Record<string, unknown>;
  return (
    typeof type === "string" &&
    typeof timestamp === "string" &&
    typeof data === "object" &&
    data !== null
  );
}

const verifier = createWebhookVerifier(defaultHmac);

/**
 * Verifies a returnkit (Standard Webhooks v1) delivery and returns its typed event.
 *
 * Throws `WebhookVerificationError` (switch on `err.code`) when the delivery must be refused,
 * and `TypeError` for a configuration mistake (no secret, a secret that is not base64).
 *
 * @example
 * const event = await verifyWebhook({ payload: await request.text(), headers: request.headers, secret });
 */
export const verifyWebhook: (options: VerifyWebhookOptions) => Promise<ReturnkitWebhookEvent> =
  verifier.verifyWebhook;

/**
 * Checks the signature and timestamp only, without parsing the body: for receivers that
 * parse the body themselves. Resolves with the verified `webhook-id` and timestamp.
 */
export const verifyWebhookSignature: (options: VerifyWebhookOptions) => Promise<VerifiedWebhook> =
  verifier.verifyWebhookSignature;
