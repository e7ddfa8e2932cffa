/**
 * @module observability/logging/test-support/pino-capture — a real pino logger writing to a stream the test
 * reads: each line as pino wrote it, parsed.
 */
import pino from "pino";

export interface PinoLine {
  level: number;
  msg: string;
  err?: { type: string; message: string; stack: string };
  [field: string]: unknown;
}

/** pino's numeric levels. */
export const PINO = { debug: 20, info: 30, warn: 40, error: 50 } as const;

export function capturePino(level: pino.LevelWithSilent = "debug") {
  const lines: PinoLine[] = [];
  const logger = pino({ level }, { write: (chunk: string) => lines.push(JSON.parse(chunk)) });
  return { logger, lines };
}
