/**
 * @module id-arguments — the ids a command line names, checked before any database call: a
 * malformed id (a NUL, a control character, the wrong prefix, too long) can name nothing, so
 * it is a usage error (exit 2), never a database error. Keyed by the argument's or option's
 * name, so every command that takes one is checked by the same rule.
 */
import { isEventId, isReturnId } from "@returnkit/core";
import { isStorableText } from "@returnkit/core/store";
import type { Command, OptionName, OptionValues } from "./command";
import { usageError } from "./errors";

interface IdRule {
  test(value: string): boolean;
  /** What a well-formed id looks like, for the usage message. */
  expected: string;
}

const RETURN_ID: IdRule = {
  test: isReturnId,
  expected: "a return id (ret_ and 26 ULID characters)",
};
const EVENT_ID: IdRule = {
  test: isEventId,
  expected: "an event id (evt_ and 26 ULID characters)",
};
// An endpoint's id may be one the host configured in code, so any printable text will do.
const ENDPOINT_ID: IdRule = {
  test: (value) => value.length <= 255 && !/\p{Cc}/u.test(value),
  expected: "an endpoint id (1-255 characters, no control characters)",
};

// The host's own order ids: the HTTP API's `order_id` filter takes 1-128 characters of text.
const ORDER_ID: IdRule = {
  test: (value) => value.length >= 1 && value.length <= 128 && isStorableText(value),
  expected: "an order id (1-128 characters of well-formed text, no NUL)",
};

// The host's customer ids (a token's `sub`): the HTTP export takes 1-255 characters of text.
const CUSTOMER_ID: IdRule = {
  test: (value) => value.length >= 1 && value.length <= 255 && isStorableText(value),
  expected: "a customer id (1-255 characters of well-formed text, no NUL)",
};

/** By the name in `Command.args`. */
const ARGUMENT_IDS: Readonly<Record<string, IdRule>> = {
  return_id: RETURN_ID,
  event_id: EVENT_ID,
  endpoint_id: ENDPOINT_ID,
  customer_id: CUSTOMER_ID,
};
const OPTION_IDS: Partial<Readonly<Record<OptionName, IdRule>>> = {
  return: RETURN_ID,
  order: ORDER_ID,
  endpoint: ENDPOINT_ID,
};

/** Throws a usage error naming the first malformed id among `args` and `options`. */
export function checkIdArguments(command: Command, args: string[], options: OptionValues): void {
  command.args.forEach((name, i) => {
    const rule = ARGUMENT_IDS[name];
    if (rule) checkId(`<${name}>`, args[i]!, rule);
  });
  for (const [name, value] of Object.entries(options) as [OptionName, unknown][]) {
    const rule = OPTION_IDS[name];
    if (rule && typeof value === "string") checkId(`--${name}`, value, rule);
  }
}

function checkId(label: string, value: string, rule: IdRule): void {
  if (rule.test(value)) return;
  // JSON quoting shows a NUL or an escape sequence as text instead of sending it to the terminal.
  const shown =
    value.length > 80 ? `${JSON.stringify(value.slice(0, 80))}…` : JSON.stringify(value);
  throw usageError(`${label} must be ${rule.expected}, got ${shown}`);
}
