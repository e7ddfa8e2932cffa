/** @module help — `returnkit --help`, and a command's or group's own with it. */
import { type Command, usageLine } from "./command";

const GLOBAL_HELP = `Options of every command:
  --url <url>              connection string, instead of DATABASE_URL
  --schema <name>          schema of the store's tables (default: public)
  --table-prefix <prefix>  prefix of every table (default: returnkit_)
  --json                   print one JSON document on stdout instead of text
  -h, --help               this text (after a command: that command's)

Exit codes: 0 done; 1 failed (database unreachable, login refused, migrations missing);
2 usage error; 3 an id that names nothing.`;

export function helpText(topic: readonly Command[]): string {
  const commands = topic.flatMap((command) => [
    `  ${usageLine(command)}`,
    `      ${command.summary}`,
  ]);
  return [
    "Usage: returnkit <command> [options]",
    "",
    "Operates the returnkit store in the PostgreSQL database that DATABASE_URL names.",
    "",
    "Commands:",
    ...commands,
    "",
    GLOBAL_HELP,
  ].join("\n");
}
