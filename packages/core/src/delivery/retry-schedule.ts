/**
 * @module delivery/retry-schedule — when a failed delivery is tried again.
 *
 * The schedule lists the wait before each attempt: attempt 1 is due at commit, attempt n+1
 * waits `schedule[n]` after attempt n failed. Waits are jittered so that deliveries that
 * failed together (a receiver outage) do not all come back in the same instant.
 */
import type { DeliveryOutcome } from "../store/types";
import { DEFAULT_RETRY_SCHEDULE, jitter } from "../util/retry-backoff";

// Kept in util, below the returns (whose label job retries on the same schedule).
export { DEFAULT_RETRY_SCHEDULE, jitter };

/**
 * The most a receiver's `Retry-After` may push the next attempt back. Beyond a day the
 * receiver is more likely misconfigured than busy, and the delivery would outlive the
 * whole schedule on one attempt.
 */
export const RETRY_AFTER_CAP_MS = 86_400_000;

/** Statuses whose `Retry-After` header is honoured. */
const RETRY_AFTER_STATUSES = new Set([429, 503]);

/**
 * A `Retry-After` value as a wait in ms from `now`: delay-seconds or an HTTP-date (RFC 9110
 * 10.2.3). Null when absent or unreadable; a date in the past means "now" (0).
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (value == null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // All three HTTP-date forms start with a day name; without this Date.parse reads "-5" as a year.
  if (!/^[A-Za-z]{3}/.test(trimmed)) return null;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

interface FailedAttempt {
  /** Attempts made so far, the failed one included. */
  attemptsMade: number;
  /** HTTP status of the failed attempt, or null when no response arrived. */
  status: number | null;
  /** The response's `Retry-After` header, if any. */
  retryAfter: string | null;
  /** Epoch ms when the attempt ended. */
  now: number;
}

/**
 * What happens after a failed attempt: another one later, or the dead-letter queue once
 * the schedule is used up. A `Retry-After` on 429/503 can only push the next attempt
 * later than the schedule would, never sooner.
 */
export function outcomeAfterFailure(
  failed: FailedAttempt,
  schedule: readonly number[],
  random: () => number,
): DeliveryOutcome {
  const scheduled = schedule[failed.attemptsMade];
  if (scheduled === undefined) return { kind: "dead" };
  let waitMs = jitter(scheduled, random);
  if (failed.status !== null && RETRY_AFTER_STATUSES.has(failed.status)) {
    const asked = parseRetryAfter(failed.retryAfter, failed.now);
    if (asked !== null) waitMs = Math.max(waitMs, Math.min(asked, RETRY_AFTER_CAP_MS));
  }
  return { kind: "retry", next_attempt_at: failed.now + waitMs };
}
