/**
 * @module args — the command line as a command and its input, through `node:util` `parseArgs`.
 * Every refusal is a usage error (exit 2) that says what was wrong.
 */
import { parseArgs } from "node:util";
import {
  type Command,
  GLOBAL_OPTIONS,
  OPTION_SPECS,
  type OptionName,
  type OptionValues,
  usageLine,
} from "./command";
import { usageError } from "./errors";
import { checkIdArguments } from "./id-arguments";

type ParsedCommandLine =
  /** `--help` alone, after a group's word (`endpoints --help`) or after a command: what to describe. */
  | { kind: "help"; topic: readonly Command[] }
  | { kind: "run"; command: Command; args: string[]; options: OptionValues };

export function parseCommandLine(argv: string[], commands: readonly Command[]): ParsedCommandLine {
  const { values, positionals } = parseStrictly(argv);
  const command = matchCommand(positionals, commands);
  if (values.help) {
    // `migrate --help` describes the group (migrate, migrate status); `migrate status --help` one.
    const group = commands.filter((candidate) => candidate.words[0] === positionals[0]);
    if (group.length > 0 && positionals.length <= 1) return { kind: "help", topic: group };
    return { kind: "help", topic: command ? [command] : group.length > 0 ? group : commands };
  }
  if (!command) throw usageError(unmatched(positionals, commands));
  const args = positionals.slice(command.words.length);
  if (args.length !== command.args.length) {
    throw usageError(
      args.length < command.args.length
        ? `${command.words.join(" ")} needs <${command.args[args.length]}>: ${usageLine(command)}`
        : `unexpected argument ${JSON.stringify(args[command.args.length])}: ${usageLine(command)}`,
    );
  }
  for (const name of Object.keys(values) as OptionName[]) {
    if (!GLOBAL_OPTIONS.includes(name) && !command.options.includes(name)) {
      throw usageError(`${command.words.join(" ")} takes no --${name}: ${usageLine(command)}`);
    }
  }
  checkIdArguments(command, args, values);
  return { kind: "run", command, args, options: values };
}

function parseStrictly(argv: string[]): { values: OptionValues; positionals: string[] } {
  let parsed: { values: OptionValues; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, options: OPTION_SPECS, allowPositionals: true, strict: true });
  } catch (error) {
    // Node's message goes on about `--` terminators: its first sentence is the point.
    throw usageError((error as Error).message.split(/\.\s/)[0]!.replace(/\.$/, ""));
  }
  for (const [name, value] of Object.entries(parsed.values)) {
    if (value === "") throw usageError(`--${name} needs a value`);
  }
  return parsed;
}

/** The command whose words begin the positionals, the longest if several do. */
function matchCommand(positionals: string[], commands: readonly Command[]): Command | undefined {
  return commands
    .filter((command) => command.words.every((word, i) => positionals[i] === word))
    .sort((a, b) => b.words.length - a.words.length)[0];
}

function unmatched(positionals: string[], commands: readonly Command[]): string {
  const [first, second] = positionals;
  if (first === undefined) return "which command? Run `returnkit --help` for the list";
  const group = commands.filter((command) => command.words[0] === first);
  if (group.length === 0) {
    return `unknown command ${JSON.stringify(first)}; run \`returnkit --help\` for the list`;
  }
  const subcommands = group.map((command) => command.words[1]).join(", ");
  return second === undefined
    ? `${first} needs one of: ${subcommands}`
    : `unknown command "${first} ${second}"; ${first} takes one of: ${subcommands}`;
}
