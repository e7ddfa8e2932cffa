/** @module observability — logging, OpenTelemetry traces and metrics, and the health check. */
export type { ConsoleLoggerOptions } from "./logging/console-logger";
export { consoleLogger } from "./logging/console-logger";
export type { ErrorContext, ErrorSource, OnError, ReportError } from "./logging/failures";
export type { LogFields, Logger, LogLevel, LogMethod } from "./logging/logger";
export { silentLogger } from "./logging/logger";
