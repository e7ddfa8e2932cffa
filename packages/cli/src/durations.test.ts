import { describe, expect, it } from "vitest";
import { parseDuration, parseSince } from "./durations";
import { CliError, EXIT_CODES } from "./errors";

const NOW = Date.parse("2026-11-24T12:00:00.000Z");

function usageMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(EXIT_CODES.usage);
    return (error as Error).message;
  }
  throw new Error("expected a usage error");
}

describe("durations", () => {
  it("parseDuration - seconds, minutes, hours, days and their sums", () => {
    expect(parseDuration("45s", "--overlap")).toBe(45_000);
    expect(parseDuration("30m", "--overlap")).toBe(1_800_000);
    expect(parseDuration("1h30m", "--overlap")).toBe(5_400_000);
    expect(parseDuration("7d", "--overlap")).toBe(604_800_000);
    expect(parseDuration("0s", "--overlap")).toBe(0);
  });

  it("parseDuration - anything else is a usage error naming the flag", () => {
    for (const text of ["2", "h", "2 h", "-2h", "2x", "1.5h", "2h "]) {
      expect(usageMessage(() => parseDuration(text, "--overlap"))).toContain(
        "--overlap takes a duration",
      );
    }
  });

  it("parseSince - a duration counts back from now", () => {
    expect(parseSince("2h", NOW)).toBe("2026-11-24T10:00:00.000Z");
  });

  it("parseSince - an ISO time with its zone, or a bare date at midnight UTC", () => {
    expect(parseSince("2026-11-24T08:30:00Z", NOW)).toBe("2026-11-24T08:30:00.000Z");
    expect(parseSince("2026-11-24T09:30:00+01:00", NOW)).toBe("2026-11-24T08:30:00.000Z");
    expect(parseSince("2026-11-23", NOW)).toBe("2026-11-23T00:00:00.000Z");
  });

  it("parseSince - a time without its zone, a malformed one or one in the future is refused", () => {
    expect(usageMessage(() => parseSince("2026-11-24T08:30", NOW))).toContain("with its zone");
    expect(usageMessage(() => parseSince("2026-13-45", NOW))).toContain("--since takes");
    expect(usageMessage(() => parseSince("yesterday", NOW))).toContain("--since takes");
    expect(usageMessage(() => parseSince("2026-11-25T00:00:00Z", NOW))).toBe(
      "--since 2026-11-25T00:00:00Z is in the future",
    );
  });
});
