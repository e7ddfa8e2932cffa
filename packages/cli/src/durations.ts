/** @module durations — the times an operator types: `2h`, `1h30m`, `7d`, or an ISO time. */
import { usageError } from "./errors";

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DURATION = /^(?:\d+[smhd])+$/;
const PART = /(\d+)([smhd])/g;
/** A date, or a date and time that says its zone: a time without one would be read as local. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2}))?$/i;

/** `2h` → 7,200,000; `1h30m`, `45s`, `7d` likewise. Throws a usage error naming `flag`. */
export function parseDuration(text: string, flag: string): number {
  if (!DURATION.test(text)) {
    throw usageError(
      `${flag} takes a duration like 30m, 2h, 1h30m or 7d, not ${JSON.stringify(text)}`,
    );
  }
  let ms = 0;
  for (const [, amount, unit] of text.matchAll(PART)) {
    ms += Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
  }
  return ms;
}

/**
 * `--since`: a duration back from `now` (`2h`), or an ISO time with its zone
 * (`2026-11-24T08:00:00Z`; a bare date is midnight UTC). Answers the ISO time.
 */
export function parseSince(text: string, now: number): string {
  if (DURATION.test(text)) return new Date(now - parseDuration(text, "--since")).toISOString();
  const at = ISO_TIME.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) {
    throw usageError(
      `--since takes a duration like 2h or an ISO time with its zone like 2026-11-24T08:00:00Z, not ${JSON.stringify(text)}`,
    );
  }
  if (at > now) throw usageError(`--since ${text} is in the future`);
  return new Date(at).toISOString();
}
