import { describe, expect, it } from "vitest";
import { consoleLogger, defaultLogger, formatLine } from "./console-logger";
import { silentLogger } from "./logger";

describe("console logger", () => {
  it("consoleLogger - one readable line per call from its level up, fields as key=value", () => {
    const written: [string, string][] = [];
    const logger = consoleLogger({
      level: "info",
      write: (line, level) => written.push([level, line]),
    });

    logger.debug({ hidden: true }, "too fine");
    logger.info(
      { "http.route": "/v1/portal/returns", duration_ms: 3.5, caller_kind: undefined, note: "a b" },
      "request completed",
    );
    logger.warn({ "error.type": "store-unavailable" }, "database unavailable");

    expect(written.map(([level]) => level)).toEqual(["info", "warn"]);
    expect(written[0]![1]).toMatch(
      /^\d{4}-\d\d-\d\dT\S+Z INFO {2}request completed http\.route=\/v1\/portal\/returns duration_ms=3\.5 note="a b"$/,
    );
    expect(written[1]![1]).toMatch(/ WARN {2}database unavailable error\.type=store-unavailable$/);
  });

  it("formatLine - an unexpected error's stack follows its line; a warning's never does", () => {
    const error = new TypeError("boom");

    const failed = formatLine("error", { err: error, request_id: "req_1" }, "unexpected error");
    const warned = formatLine("warn", { err: error }, "odd");

    expect(failed.split("\n")[0]).toMatch(/ERROR unexpected error err="boom" request_id=req_1$/);
    expect(failed).toContain("TypeError: boom\n    at ");
    expect(warned).not.toContain("\n");
  });

  it("defaultLogger - silent under tests (NODE_ENV=test or VITEST), console lines otherwise", () => {
    expect(defaultLogger({ NODE_ENV: "test" })).toBe(silentLogger);
    expect(defaultLogger({ VITEST: "true" })).toBe(silentLogger);
    expect(defaultLogger({ NODE_ENV: "production" })).not.toBe(silentLogger);
  });
});
