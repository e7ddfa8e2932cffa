import { describe, expect, it } from "vitest";
import {
  DEFAULT_RETRY_SCHEDULE,
  jitter,
  outcomeAfterFailure,
  parseRetryAfter,
  RETRY_AFTER_CAP_MS,
} from "./retry-schedule";

const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);
const noJitter = () => 0.5;

describe("retry schedule", () => {
  it("DEFAULT_RETRY_SCHEDULE - is Svix-like: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h", () => {
    const minutes = DEFAULT_RETRY_SCHEDULE.map((ms) => ms / 60_000);
    expect(minutes).toEqual([0, 5 / 60, 5, 30, 120, 300, 600, 600]);
  });

  it("outcomeAfterFailure - waits schedule[n] after the n-th failed attempt, then dead-letters", () => {
    const schedule = [0, 5_000, 300_000];
    const outcomeOf = (attemptsMade: number) =>
      outcomeAfterFailure(
        { attemptsMade, status: 500, retryAfter: null, now: NOW },
        schedule,
        noJitter,
      );

    expect(outcomeOf(1)).toEqual({ kind: "retry", next_attempt_at: NOW + 5_000 });
    expect(outcomeOf(2)).toEqual({ kind: "retry", next_attempt_at: NOW + 300_000 });
    expect(outcomeOf(3)).toEqual({ kind: "dead" });
  });

  it("jitter - spreads a wait by at most 20 % either way and never below zero", () => {
    expect(jitter(10_000, () => 0)).toBe(8_000);
    expect(jitter(10_000, () => 0.999_999)).toBe(12_000);
    expect(jitter(0, () => 0)).toBe(0);
    for (let i = 0; i < 1_000; i++) {
      const wait = jitter(5_000, Math.random);
      expect(wait).toBeGreaterThanOrEqual(4_000);
      expect(wait).toBeLessThanOrEqual(6_000);
    }
  });

  it("outcomeAfterFailure - a 429 or 503 Retry-After pushes the next attempt later, never sooner", () => {
    const schedule = [0, 60_000];
    const outcomeOf = (status: number, retryAfter: string) =>
      outcomeAfterFailure({ attemptsMade: 1, status, retryAfter, now: NOW }, schedule, noJitter);

    expect(outcomeOf(429, "600")).toEqual({ kind: "retry", next_attempt_at: NOW + 600_000 });
    expect(outcomeOf(503, "600")).toEqual({ kind: "retry", next_attempt_at: NOW + 600_000 });
    expect(outcomeOf(429, "1")).toEqual({ kind: "retry", next_attempt_at: NOW + 60_000 });
    expect(outcomeOf(500, "600")).toEqual({ kind: "retry", next_attempt_at: NOW + 60_000 });
    expect(outcomeOf(429, String(7 * 24 * 3600))).toEqual({
      kind: "retry",
      next_attempt_at: NOW + RETRY_AFTER_CAP_MS,
    });
  });

  it("outcomeAfterFailure - the last attempt dead-letters even when Retry-After asks for more", () => {
    expect(
      outcomeAfterFailure(
        { attemptsMade: 2, status: 429, retryAfter: "5", now: NOW },
        [0, 10],
        noJitter,
      ),
    ).toEqual({ kind: "dead" });
  });

  it("parseRetryAfter - reads delay-seconds and HTTP-dates, and nothing else", () => {
    expect(parseRetryAfter("120", NOW)).toBe(120_000);
    expect(parseRetryAfter(" 0 ", NOW)).toBe(0);
    expect(parseRetryAfter(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90_000);
    expect(parseRetryAfter(new Date(NOW - 90_000).toUTCString(), NOW)).toBe(0);
    expect(parseRetryAfter("soon", NOW)).toBeNull();
    expect(parseRetryAfter("-5", NOW)).toBeNull();
    expect(parseRetryAfter(null, NOW)).toBeNull();
  });
});
