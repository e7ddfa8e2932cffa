/** @module migrate-cli — what `returnkit-migrate` does, apart from its process, so tests can call it. */
import { migrate } from "./migrate";

export const USAGE = `Usage: returnkit-migrate [--schema <name>] [--table-prefix <prefix>]

Applies the @returnkit/store-postgres migrations to the database that DATABASE_URL names
(or --url). Safe to run from several processes at once: they take turns on an advisory lock.

Options:
  --schema <name>          schema of the tables (default: public; created when missing)
  --table-prefix <prefix>  prefix of every table (default: returnkit_)
  --url <url>              connection string, instead of DATABASE_URL
  -h, --help               this text`;

type CliArgs = { schema?: string; tablePrefix?: string; url?: string; help: boolean };

function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = { help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith("--") && arg.includes("=") ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = () => {
      const next = inline ?? argv[++i];
      if (next === undefined || next === "") throw new Error(`${flag} needs a value`);
      return next;
    };
    if (flag === "-h" || flag === "--help") args.help = true;
    else if (flag === "--schema") args.schema = value();
    else if (flag === "--table-prefix") args.tablePrefix = value();
    else if (flag === "--url") args.url = value();
    else throw new Error(`unknown argument ${arg}`);
  }
  return args;
}

export interface CliIo {
  out(line: string): void;
  error(line: string): void;
}

/** Runs the CLI; resolves to the process exit code. */
export async function runMigrateCli(
  argv: string[],
  env: Record<string, string | undefined>,
  io: CliIo,
): Promise<number> {
  let args: CliArgs;
  try {
    args = parseArgs(argv);
  } catch (error) {
    io.error(`returnkit-migrate: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    io.out(USAGE);
    return 0;
  }
  const url = args.url ?? env.DATABASE_URL;
  if (!url) {
    io.error(`returnkit-migrate: set DATABASE_URL or pass --url\n\n${USAGE}`);
    return 2;
  }
  // pg is an optional peer: only the CLI needs it at runtime.
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const { applied } = await migrate({
      db: pool,
      schema: args.schema,
      tablePrefix: args.tablePrefix,
    });
    const where = `${args.schema ?? "public"} (prefix ${args.tablePrefix ?? "returnkit_"})`;
    io.out(
      applied.length > 0 ? `applied ${applied.join(", ")} to ${where}` : `${where} is up to date`,
    );
    return 0;
  } catch (error) {
    io.error(`returnkit-migrate: ${(error as Error).message}`);
    return 1;
  } finally {
    await pool.end();
  }
}
