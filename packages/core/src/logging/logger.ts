/**
 * @module logging/logger — the `logger` option: any pino-compatible logger, called as pino is,
 * `logger.info(fields, message)`.
 */
import { z } from "zod";
import { aFunction } from "../options/check";

/** Fields of one log line; the names are listed in the core README ("Logs"). */
export type LogFields = Record<string, unknown>;

/** One level of a logger, in pino's argument order: the fields first, then the message. */
export type LogMethod = (fields: LogFields, message: string) => void;

/**
 * What returnkit logs through: a pino logger qualifies as it is, and so does anything with
 * these four methods. `child` is used when present, to bind fields every line of a part of the
 * service carries (`{ component: "dispatcher" }`).
 */
export interface Logger {
  debug: LogMethod;
  info: LogMethod;
  warn: LogMethod;
  error: LogMethod;
  child?(bindings: LogFields): Logger;
}

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const logMethod = aFunction<LogMethod>();

// A logger is often a pino instance: its other members are its own business.
export const loggerSchema = z.looseObject(
  {
    debug: logMethod,
    info: logMethod,
    warn: logMethod,
    error: logMethod,
    child: aFunction<NonNullable<Logger["child"]>>().optional(),
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

/** `logger.child(bindings)` when it has one, else a logger adding `bindings` to every line. */
export function childLogger(logger: Logger, bindings: LogFields): Logger {
  if (logger.child) return logger.child(bindings);
  const bound =
    (level: LogLevel): LogMethod =>
    (fields, message) =>
      logger[level]({ ...bindings, ...fields }, message);
  return { debug: bound("debug"), info: bound("info"), warn: bound("warn"), error: bound("error") };
}
