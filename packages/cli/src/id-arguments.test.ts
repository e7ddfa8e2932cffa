import { describe, expect, it } from "vitest";
import { EXIT_CODES } from "./errors";
import { runCli } from "./run-cli";

const EVENT = "evt_01JQ3Z9X8Y7W6V5T4S3R2Q1P0N";
const RETURN = "ret_01JQ3Z9X8Y7W6V5T4S3R2Q1P0N";
/** Nothing listens on port 1: a command that reached for the database would exit 1. */
const NO_DATABASE = { DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" };

async function run(argv: string[]) {
  const out: string[] = [];
  const error: string[] = [];
  const code = await runCli(argv, NO_DATABASE, {
    out: (text) => out.push(text),
    error: (text) => error.push(text),
  });
  return { code, out: out.join("\n"), error: error.join("\n") };
}

describe("returnkit - ids on the command line", () => {
  it("returnkit - a malformed id exits 2 with a usage message, before any database call", async () => {
    const cases: Array<[string[], string]> = [
      [["redeliver", "evt_\u0000"], "<event_id>"],
      [["redeliver", `${EVENT}\u0000`], "<event_id>"],
      [["redeliver", RETURN], "<event_id>"],
      [["redeliver", `evt_${"A".repeat(300)}`], "<event_id>"],
      [["redeliver", EVENT, "--endpoint", "ep_\u0000"], "--endpoint"],
      [["redeliver", EVENT, "--endpoint", "ep_\u001b[2J"], "--endpoint"],
      [["endpoints", "rotate", "ep_\u0000"], "<endpoint_id>"],
      [["endpoints", "disable", "ep_one\nep_two"], "<endpoint_id>"],
      [["endpoints", "enable", "e".repeat(300)], "<endpoint_id>"],
      [["deliveries", "list", "--return", `ret_\u0000`], "--return"],
      [["deliveries", "list", "--return", EVENT], "--return"],
    ];
    for (const [argv, names] of cases) {
      const result = await run(argv);
      expect({ argv, code: result.code, out: result.out }).toEqual({
        argv,
        code: EXIT_CODES.usage,
        out: "",
      });
      expect(result.error).toContain(names);
      // The id is quoted with its escapes: a control character never reaches the terminal.
      expect(result.error).not.toMatch(/\p{Cc}/u);
    }
  });

  it("returnkit - a well-formed id goes on to the database", async () => {
    for (const argv of [
      ["redeliver", EVENT, "--endpoint", "sub_billing"],
      ["endpoints", "rotate", "ep_3f2a9c"],
      ["endpoints", "disable", "orders feed"],
      ["deliveries", "list", "--return", RETURN],
    ]) {
      const result = await run(argv);
      expect({ argv, code: result.code }).toEqual({ argv, code: EXIT_CODES.failed });
      expect(result.error).toContain("cannot reach the database");
    }
  });
});
