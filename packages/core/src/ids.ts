/** @module ids — prefixed, time-ordered identifiers (`ret_` + ULID, `evt_` + ULID). */
import { monotonicFactory } from "ulidx";

const nextUlid = monotonicFactory();

export const RETURN_ID_PREFIX = "ret_";
export const EVENT_ID_PREFIX = "evt_";

const ULID_BODY = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export function newReturnId(): string {
  return RETURN_ID_PREFIX + nextUlid();
}

export function newEventId(): string {
  return EVENT_ID_PREFIX + nextUlid();
}

/** Any prefixed ULID id (fit signals, endpoints, dispatchers). */
export function newPrefixedId(prefix: string): string {
  return `${prefix}_${nextUlid()}`;
}

/** True for a well-formed return id; anything else cannot name a return (→ 404). */
export function isReturnId(value: string): boolean {
  return value.startsWith(RETURN_ID_PREFIX) && ULID_BODY.test(value.slice(RETURN_ID_PREFIX.length));
}
