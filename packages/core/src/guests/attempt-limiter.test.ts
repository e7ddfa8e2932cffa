import { describe, expect, it } from "vitest";
import { createAttemptLimiter } from "./attempt-limiter";

const MINUTE = 60_000;

describe("createAttemptLimiter", () => {
  it("allows `limit` attempts per window, then refuses with the seconds left", () => {
    const limiter = createAttemptLimiter({ limit: 3, windowMs: 15 * MINUTE, maxKeys: 100 });
    expect([1, 2, 3].map(() => limiter.take("a", 0).allowed)).toEqual([true, true, true]);
    expect(limiter.take("a", 5 * MINUTE)).toEqual({ allowed: false, retryAfterSeconds: 600 });
    // Another key has its own count.
    expect(limiter.take("b", 5 * MINUTE).allowed).toBe(true);
  });

  it("starts a new window once the old one has passed", () => {
    const limiter = createAttemptLimiter({ limit: 1, windowMs: MINUTE, maxKeys: 100 });
    expect(limiter.take("a", 0).allowed).toBe(true);
    expect(limiter.take("a", MINUTE - 1)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.take("a", MINUTE).allowed).toBe(true);
  });

  it("keeps at most maxKeys windows however many random keys arrive", () => {
    const limiter = createAttemptLimiter({ limit: 5, windowMs: MINUTE, maxKeys: 1_000 });
    for (let i = 0; i < 20_000; i++) limiter.take(`#${Math.random()}`, i % MINUTE);
    expect(limiter.size).toBe(1_000);
  });

  it("drops expired windows before live ones when full", () => {
    const limiter = createAttemptLimiter({ limit: 1, windowMs: MINUTE, maxKeys: 2 });
    limiter.take("old", 0);
    limiter.take("live", MINUTE / 2);
    limiter.take("new", MINUTE);
    // "old" expired and made room; "live" kept its count.
    expect(limiter.size).toBe(2);
    expect(limiter.take("live", MINUTE).allowed).toBe(false);
  });
});
