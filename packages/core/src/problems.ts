/**
 * @module problems — RFC 9457 problem details as typed errors.
 *
 * The service throws `ProblemError`; the HTTP layer only serialises it. A host calling the
 * service in-process gets the same status, slug and extensions as an HTTP client.
 */

export const PROBLEM_TYPE_PREFIX = "urn:returnkit:problem:";

/** Marks the few refusals a key stores (`ProblemError.finalAnswer`). */
const FINAL_ANSWER = true;

export interface ValidationIssue {
  path: string;
  message: string;
}

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  [extension: string]: unknown;
}

export class ProblemError extends Error {
  readonly status: number;
  readonly slug: string;
  readonly title: string;
  readonly extensions: Record<string, unknown>;
  /** Response headers that belong to this problem (WWW-Authenticate, Retry-After, ...). */
  readonly headers: Record<string, string>;
  /**
   * True when this refusal answers the request for good, so its Idempotency-Key stores it and
   * replays it to every retry. False (the default) when it asks for another request (a
   * corrected body, a current If-Match, the same request later): a retry must run again, not
   * get this refusal back for the key's lifetime.
   */
  readonly finalAnswer: boolean;

  constructor(
    status: number,
    slug: string,
    title: string,
    detail: string,
    extensions: Record<string, unknown> = {},
    headers: Record<string, string> = {},
    finalAnswer = false,
  ) {
    super(detail);
    this.name = "ProblemError";
    this.status = status;
    this.slug = slug;
    this.title = title;
    this.extensions = extensions;
    this.headers = headers;
    this.finalAnswer = finalAnswer;
  }

  get type(): string {
    return PROBLEM_TYPE_PREFIX + this.slug;
  }

  toJSON(): ProblemDetails {
    return {
      ...this.extensions,
      type: this.type,
      title: this.title,
      status: this.status,
      detail: this.message,
    };
  }

  /** Rebuilds an error from a stored problem body (idempotent replay): a key's final answer. */
  static fromDetails(details: ProblemDetails, headers: Record<string, string> = {}): ProblemError {
    const { type, title, status, detail, ...extensions } = details;
    const slug = type.startsWith(PROBLEM_TYPE_PREFIX)
      ? type.slice(PROBLEM_TYPE_PREFIX.length)
      : type;
    return new ProblemError(status, slug, title, detail, extensions, headers, FINAL_ANSWER);
  }
}

export function isProblemError(error: unknown): error is ProblemError {
  return error instanceof ProblemError;
}

/**
 * The catalogue of problems returnkit produces; each has one slug and one title. Only
 * `not-found` and `invalid-transition` are final answers: they answer the request itself
 * (no such return for this caller, the event did not apply in the state the return was in)
 * rather than ask for another one.
 */
export const problems = {
  invalidBody: (detail: string, errors: ValidationIssue[]) =>
    new ProblemError(400, "invalid-body", "The request body is invalid", detail, { errors }),
  invalidQuery: (detail: string, errors: ValidationIssue[]) =>
    new ProblemError(400, "invalid-query", "The query string is invalid", detail, { errors }),
  idempotencyKeyMissing: () =>
    new ProblemError(
      400,
      "idempotency-key-missing",
      "Idempotency-Key is required",
      "This operation changes data; send an Idempotency-Key header (1-255 printable ASCII characters) so it can be retried safely.",
    ),
  idempotencyKeyInvalid: (detail: string) =>
    new ProblemError(400, "idempotency-key-invalid", "Idempotency-Key is malformed", detail),
  unauthenticated: (detail: string, headers: Record<string, string> = {}) =>
    new ProblemError(401, "unauthenticated", "Authentication required", detail, {}, headers),
  invalidToken: (detail: string, headers: Record<string, string> = {}) =>
    new ProblemError(401, "invalid-token", "The access token is invalid", detail, {}, headers),
  insufficientScope: (required: string[], headers: Record<string, string> = {}) =>
    new ProblemError(
      403,
      "insufficient-scope",
      "The access token lacks a required scope",
      `This operation needs one of: ${required.join(", ")}.`,
      { required_scopes: required },
      headers,
    ),
  forbidden: (detail: string, headers: Record<string, string> = {}) =>
    new ProblemError(403, "forbidden", "Forbidden", detail, {}, headers),
  returnNotFound: (id: string) =>
    new ProblemError(
      404,
      "not-found",
      "Return not found",
      `No return with id "${id}" exists for this caller.`,
      { return_id: id },
      {},
      FINAL_ANSWER,
    ),
  routeNotFound: (path: string) =>
    new ProblemError(404, "route-not-found", "No such route", `Nothing is served at ${path}.`),
  /** The request reached the service outside the path of its baseUrl: mounted elsewhere. */
  outsideMountPath: (path: string, baseUrl: string) =>
    new ProblemError(
      404,
      "route-not-found",
      "No such route",
      `Nothing is served at ${path}: this service's baseUrl is ${baseUrl}, so it serves only paths under ${new URL(baseUrl).pathname}. Mount it there, or set baseUrl to where it is mounted.`,
      { base_url: baseUrl },
    ),
  unknownEvent: (event: string, known: readonly string[]) =>
    new ProblemError(
      404,
      "unknown-event",
      "Unknown event",
      `"${event}" is not an event; known events: ${known.join(", ")}.`,
      { event, known_events: [...known] },
    ),
  methodNotAllowed: (method: string, allowed: string[]) =>
    new ProblemError(
      405,
      "method-not-allowed",
      "Method not allowed",
      `${method} is not allowed here; use ${allowed.join(", ")}.`,
      { allowed_methods: allowed },
      { allow: allowed.join(", ") },
    ),
  invalidTransition: (event: string, state: string, allowed: string[]) =>
    new ProblemError(
      409,
      "invalid-transition",
      "The event does not apply in this state",
      `Cannot ${event} a return that is ${state}.` +
        (allowed.length ? ` Allowed now: ${allowed.join(", ")}.` : " No event applies any more."),
      { event, state, allowed_events: allowed },
      {},
      FINAL_ANSWER,
    ),
  concurrentUpdate: (id: string) =>
    new ProblemError(
      409,
      "concurrent-update",
      "The return changed while this request ran",
      `Return ${id} was changed by another request; retry.`,
      { return_id: id },
    ),
  historyLimitReached: (event: string, entries: number, max: number) =>
    new ProblemError(
      409,
      "history-limit-reached",
      "The return's history is full",
      event === "update"
        ? `This draft has been changed as often as a return allows (its history holds ${entries} entries). Submit it as it is, or cancel it and create a new return.`
        : `This return has been flagged as often as its history allows (${entries} entries, at most ${max}). Decide on it now: it can still be rejected, or go on through its lifecycle.`,
      { event, history_entries: entries, max_history_entries: max },
    ),
  preconditionFailed: (expected: string, actual: number) =>
    new ProblemError(
      412,
      "precondition-failed",
      "The return is not at the expected version",
      `If-Match named ${expected}, but the return is at version ${actual}.`,
      { current_version: actual },
    ),
  /** A document's If-Match named none of its current entity tags (`http/conditional.ts`). */
  documentChanged: (etag: string) =>
    new ProblemError(
      412,
      "document-changed",
      "The document is not at the expected version",
      `If-Match does not name this document's current entity tag, ${etag}.`,
      { current_etag: etag },
    ),
  bodyAborted: (cause: unknown) => {
    const problem = new ProblemError(
      400,
      "body-aborted",
      "The request body ended early",
      "The connection closed before the whole body arrived.",
    );
    problem.cause = cause;
    return problem;
  },
  payloadTooLarge: (limit: number) =>
    new ProblemError(
      413,
      "payload-too-large",
      "Request body too large",
      `The body exceeds ${limit} bytes.`,
      { limit_bytes: limit },
      // The rest of the upload is not read: close rather than keep the connection alive.
      { connection: "close" },
    ),
  unsupportedMediaType: (got: string | null) =>
    new ProblemError(
      415,
      "unsupported-media-type",
      "Unsupported media type",
      `Send the body as application/json${got ? `, not ${got}` : ""}.`,
    ),
  idempotencyKeyReused: () =>
    new ProblemError(
      422,
      "idempotency-key-reused",
      "Idempotency-Key reused with another request",
      "This Idempotency-Key was already used with a different request body; use a new key for a new request.",
    ),
  /**
   * The store's database cannot serve the request right now (store/unavailable.ts).
   * Retry-After 1: a restart or a failover is usually over in seconds, and a client backs
   * off on its own after that.
   */
  storeUnavailable: () =>
    new ProblemError(
      503,
      "store-unavailable",
      "Service temporarily unavailable",
      "The service's database cannot serve this request right now; retry shortly. A write retried with the same Idempotency-Key is applied at most once.",
      {},
      { "retry-after": "1" },
    ),
  internal: () =>
    new ProblemError(
      500,
      "internal",
      "Internal error",
      "Something went wrong on our side; it is safe to retry.",
    ),
} as const;
