/**
 * @module domain/ids — prefixed, time-ordered identifiers (`ret_` + ULID, `evt_` + ULID, and
 * `rrq_` + ULID for a return request).
 */
import { monotonicFactory, type PRNG } from "ulidx";
import { flatString } from "../util/flat-string";

/**
 * Uniform numbers in [0, 1) from the platform CSPRNG, drawn a pool at a time: ulidx's default
 * makes one `crypto.getRandomValues` call per character (16 per id), a visible share of a
 * write's CPU (bench/README.md). Same source, one call per 1,024 characters.
 */
function pooledRandom(): PRNG {
  const pool = new Uint32Array(1024);
  let next = pool.length;
  return () => {
    if (next === pool.length) {
      crypto.getRandomValues(pool);
      next = 0;
    }
    return pool[next++]! / 0x1_0000_0000;
  };
}

const nextUlid = monotonicFactory(pooledRandom());

const RETURN_ID_PREFIX = "ret_";
const EVENT_ID_PREFIX = "evt_";
const RETURN_REQUEST_ID_PREFIX = "rrq_";

const ULID_BODY = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export function newReturnId(): string {
  return flatString(RETURN_ID_PREFIX + nextUlid());
}

/** The id of a return request: the returns created together carry it as `request_id`. */
export function newReturnRequestId(): string {
  return flatString(RETURN_REQUEST_ID_PREFIX + nextUlid());
}

export function newEventId(): string {
  return flatString(EVENT_ID_PREFIX + nextUlid());
}

/** Any prefixed ULID id (fit signals, endpoints, dispatchers). */
export function newPrefixedId(prefix: string): string {
  return flatString(`${prefix}_${nextUlid()}`);
}

/** True for a well-formed return id; anything else cannot name a return (→ 404). */
export function isReturnId(value: string): boolean {
  return value.startsWith(RETURN_ID_PREFIX) && ULID_BODY.test(value.slice(RETURN_ID_PREFIX.length));
}

/** True for a well-formed event id (its `webhook-id`); anything else cannot name an event. */
export function isEventId(value: string): boolean {
  return value.startsWith(EVENT_ID_PREFIX) && ULID_BODY.test(value.slice(EVENT_ID_PREFIX.length));
}

/** True for a well-formed return request id; anything else cannot name a request (→ 404). */
export function isReturnRequestId(value: string): boolean {
  return (
    value.startsWith(RETURN_REQUEST_ID_PREFIX) &&
    ULID_BODY.test(value.slice(RETURN_REQUEST_ID_PREFIX.length))
  );
}
