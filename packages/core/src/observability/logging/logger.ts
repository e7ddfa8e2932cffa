/**
 * @module observability/logging/logger — the `logger` option: any pino-compatible logger, called as pino is,
 * `logger.info(fields, message)`.
 */
import { z } from "zod";
import { aFunction } from "../../util/option-checks";

/** Fields of one log line; the names are listed in the core README ("Logs"). */
export type LogFields = Record<string, unknown>;

/** One level of a logger, in pino's argument order: the fields first, then the message. */
export type LogMethod = (fields: LogFields, message: string) => void;

/**
 * What returnkit logs through: a pino logger qualifies as it is, and so does anything with
 * these four methods. `trace`, when present, gets the dispatcher loop's own comings and goings
 * (too many for debug). Other members (pino's `child`, `level`, …) are the logger's own.
 */
export interface Logger {
  trace?: LogMethod;
  debug: LogMethod;
  info: LogMethod;
  warn: LogMethod;
  error: LogMethod;
}

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const logMethod = aFunction<LogMethod>();

// A logger is often a pino instance: its other members are its own business.
export const loggerSchema = z.looseObject(
  {
    trace: logMethod.optional(),
    debug: logMethod,
    info: logMethod,
    warn: logMethod,
    error: logMethod,
  },
  { error: "expected a logger (an object with debug/info/warn/error methods, as pino has)" },
);

/** A logger that drops every line. */
export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};
