/** @module errors — the exit codes, and the failures a command ends with on purpose. */

/** What the process exits with; documented in the README and in `--help`. */
export const EXIT_CODES = Object.freeze({
  /** The command did what it said. */
  ok: 0,
  /** It could not: the database is unreachable, refused the login, lacks migrations, … */
  failed: 1,
  /** The command line is wrong: an unknown command or option, a missing or malformed value. */
  usage: 2,
  /** An id the command was given names nothing (an endpoint, an event). */
  notFound: 3,
});

export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];

/** An expected failure: printed as one line (no stack trace), then the process exits with `exitCode`. */
export class CliError extends Error {
  override name = "CliError";
  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message);
  }
}

export const usageError = (message: string) => new CliError(message, EXIT_CODES.usage);
export const notFoundError = (message: string) => new CliError(message, EXIT_CODES.notFound);
export const failedError = (message: string) => new CliError(message, EXIT_CODES.failed);
