/**
 * @module observability/logging/console-logger — the default logger: readable lines on the console
 * (`<time> <LEVEL> <message> key=value …`), silent under tests.
 */
import { LOG_LEVELS, type LogFields, type Logger, type LogLevel, silentLogger } from "./logger";

export interface ConsoleLoggerOptions {
  /** The lowest level printed. Default `info`. */
  level?: LogLevel;
  /** Where each line goes. Default: `console.log` up to info, `console.warn`, `console.error`. */
  write?: (line: string, level: LogLevel) => void;
}

/** A logger printing one readable line per call, in logfmt style; an error's stack follows at error level. */
export function consoleLogger(options: ConsoleLoggerOptions = {}): Logger {
  const lowest = LOG_LEVELS.indexOf(options.level ?? "info");
  const write = options.write ?? writeToConsole;
  const method = (level: LogLevel) =>
    LOG_LEVELS.indexOf(level) < lowest
      ? () => {}
      : (fields: LogFields, message: string) => write(formatLine(level, fields, message), level);
  return {
    debug: method("debug"),
    info: method("info"),
    warn: method("warn"),
    error: method("error"),
  };
}

/**
 * The service's logger when the host gives none: silent when `NODE_ENV` is `test` or under
 * vitest (`VITEST` set), so test output stays clean; `consoleLogger()` otherwise.
 */
export function defaultLogger(env: Record<string, string | undefined> = processEnv()): Logger {
  return env.NODE_ENV === "test" || env.VITEST ? silentLogger : consoleLogger();
}

/** `process.env` where there is one (not in every runtime returnkit runs on). */
function processEnv(): Record<string, string | undefined> {
  return (
    (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {}
  );
}

function writeToConsole(line: string, level: LogLevel): void {
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/** `2026-11-24T10:00:00.000Z INFO request http.route=/v1/… request_id=req_…`. */
export function formatLine(level: LogLevel, fields: LogFields, message: string): string {
  const pairs = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${formatValue(value)}`);
  const head = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${message}`;
  const line = pairs.length ? `${head} ${pairs.join(" ")}` : head;
  // Only an unexpected error's stack is worth lines of its own.
  const stack = level === "error" && fields.err instanceof Error ? fields.err.stack : undefined;
  return stack ? `${line}\n${stack}` : line;
}

function formatValue(value: unknown): string {
  if (value instanceof Error) return JSON.stringify(value.message);
  if (typeof value === "string") return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  if (typeof value === "object" && value !== null) {
    try {
      return JSON.stringify(value);
    } catch {
      return "[unserialisable]";
    }
  }
  return String(value);
}
