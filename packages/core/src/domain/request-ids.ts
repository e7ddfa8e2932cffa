/**
 * @module domain/request-ids — request ids: which a client may choose, and how one is picked for a
 * request (`X-Request-Id`, else a W3C `traceparent`'s trace id, else a fresh `req_` + ULID).
 * A request id is shown in headers, log lines, problem bodies and webhook headers, and kept
 * on outbox events, so only visible ASCII of a bounded length is taken as it is.
 */
import { newPrefixedId } from "./ids";

/** Longest client-chosen id kept; a longer one is replaced. */
const MAX_REQUEST_ID_LENGTH = 200;
/** Visible ASCII only (RFC 5234 VCHAR): nothing a log line, a header or a column could mangle. */
const SANE_REQUEST_ID = new RegExp(`^[\\x21-\\x7e]{1,${MAX_REQUEST_ID_LENGTH}}$`);

/** Whether `value` can serve as a request id as it is. */
export function isSaneRequestId(value: unknown): value is string {
  return typeof value === "string" && SANE_REQUEST_ID.test(value);
}

/** A request's headers: a Fetch `Headers`, or anything that reads one by name. */
export interface HeaderReader {
  get(name: string): string | null | undefined;
}

/** `X-Request-Id` if sane, else the trace id of a valid `traceparent`, else a fresh id. */
export function requestIdFor(headers: HeaderReader): string {
  const given = headers.get("x-request-id");
  if (isSaneRequestId(given)) return given;
  return traceIdOf(headers.get("traceparent") ?? null) ?? newPrefixedId("req");
}

/** version-traceid-parentid-flags, lower-case hex; a later version may append fields. */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}(-.*)?$/;

/** The trace id of a valid W3C `traceparent` header, or null. */
export function traceIdOf(traceparent: string | null): string | null {
  const match = traceparent === null ? null : TRACEPARENT.exec(traceparent.trim());
  if (!match) return null;
  const [, version, traceId, parentId, more] = match;
  if (version === "ff" || (version === "00" && more !== undefined)) return null;
  if (/^0+$/.test(traceId!) || /^0+$/.test(parentId!)) return null;
  return traceId!;
}
