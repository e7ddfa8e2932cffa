/**
 * @module run-cli — `returnkit` apart from its process: arguments and environment in, lines
 * out, an exit code back, so it can be called from a script as well as from the shell.
 */
import { parseCommandLine } from "./args";
import { COMMANDS } from "./commands";
import { type Database, openDatabase } from "./database";
import { EXIT_CODES, type ExitCode, usageError } from "./errors";
import { describeFailure } from "./failures";
import { helpText } from "./help";

/** Where the CLI writes: `out` is stdout (results), `error` is stderr (failures). */
export interface CliIo {
  out(text: string): void;
  error(text: string): void;
}

/** Runs one command; resolves to the exit code (see `EXIT_CODES`). Never rejects. */
export async function runCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  io: CliIo,
): Promise<ExitCode> {
  let url: string | undefined;
  let db: Database | undefined;
  try {
    const parsed = parseCommandLine([...argv], COMMANDS);
    if (parsed.kind === "help") {
      io.out(helpText(parsed.topic));
      return EXIT_CODES.ok;
    }
    const { command, args, options } = parsed;
    url = (options.url as string | undefined) ?? env.DATABASE_URL;
    if (!url) throw usageError("set DATABASE_URL to the database's URL, or pass --url");
    db = openDatabase({
      url,
      schema: options.schema as string | undefined,
      tablePrefix: options["table-prefix"] as string | undefined,
    });
    const result = await command.run(db, { args, options, now: Date.now() });
    if ("stream" in result) await result.stream((text) => io.out(text), Boolean(options.json));
    else io.out(options.json ? JSON.stringify(result.json, null, 2) : result.lines.join("\n"));
    return EXIT_CODES.ok;
  } catch (error) {
    const failure = describeFailure(error, url);
    io.error(`returnkit: ${failure.message}`);
    if (failure.exitCode === EXIT_CODES.failed && env.RETURNKIT_DEBUG && error instanceof Error) {
      io.error(error.stack ?? "");
    }
    return failure.exitCode;
  } finally {
    // The pool is ours; closing it lets the process end. A failure to close adds nothing.
    await db?.close().catch(() => {});
  }
}
