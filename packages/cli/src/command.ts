/** @module command — what a command declares: its words, arguments, options and what it runs. */
import type { Database } from "./database";
import type { CommandOutput } from "./output";

/** Every option of every command, in `node:util` `parseArgs` form. */
export const OPTION_SPECS = {
  // Global: accepted by every command.
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  url: { type: "string" },
  schema: { type: "string" },
  "table-prefix": { type: "string" },
  // Each command's own.
  "dry-run": { type: "boolean" },
  types: { type: "string" },
  "allowed-destinations": { type: "string" },
  overlap: { type: "string" },
  dead: { type: "boolean" },
  return: { type: "string" },
  order: { type: "string" },
  endpoint: { type: "string" },
  since: { type: "string" },
  limit: { type: "string" },
  cursor: { type: "string" },
  all: { type: "boolean" },
  "out-of-order": { type: "boolean" },
  out: { type: "string" },
  confirm: { type: "string" },
} as const;

export type OptionName = keyof typeof OPTION_SPECS;

export const GLOBAL_OPTIONS: readonly OptionName[] = [
  "json",
  "help",
  "url",
  "schema",
  "table-prefix",
];

export type OptionValues = { [K in OptionName]?: string | boolean };

export interface CommandInput {
  /** The arguments after the command's words, one per name in `Command.args`. */
  args: string[];
  options: OptionValues;
  /** The clock, read once per run. */
  now: number;
}

export interface Command {
  /** `["endpoints", "add"]`. */
  words: string[];
  /** What follows the words in the usage line: `<url> [--types a,b]`. */
  usage: string;
  summary: string;
  /** Names of the arguments after the words, all required. */
  args: string[];
  /** Its own options, beside the global ones. */
  options: OptionName[];
  run(db: Database, input: CommandInput): Promise<CommandOutput>;
}

export function usageLine(command: Command): string {
  return `returnkit ${[...command.words, command.usage].filter(Boolean).join(" ")}`;
}
