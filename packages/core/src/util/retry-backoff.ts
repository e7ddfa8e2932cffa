/**
 * @module util/retry-backoff — the service's one back-off schedule: the webhooks' deliveries
 * (`delivery/retry-schedule.ts`) and the carriers' calls of the label job wait alike.
 */

/** Svix-like: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const DEFAULT_RETRY_SCHEDULE: readonly number[] = Object.freeze([
  0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
]);

/** A wait moves by up to ±20 % of itself. */
const RETRY_JITTER = 0.2;

/** `waitMs` moved by a random share of ±RETRY_JITTER, never below zero. */
export function jitter(waitMs: number, random: () => number): number {
  const spread = (random() * 2 - 1) * RETRY_JITTER;
  return Math.max(0, Math.round(waitMs * (1 + spread)));
}
