import { describe, expect, it } from "vitest";
import {
  itOnItsOwnSchema,
  returnkit,
  returnkitJson,
  returnkitProcess,
  uniqueSchema,
} from "./test-support";

describe("returnkit - help and usage", () => {
  it("returnkit --help - lists every command, the global options and the exit codes", async () => {
    // The real executable: what a shell gets, exit code and streams.
    const run = await returnkitProcess(["--help"], { DATABASE_URL: undefined });

    expect(run.code).toBe(0);
    for (const line of [
      "returnkit migrate [--dry-run]",
      "returnkit migrate status",
      "returnkit endpoints list",
      "returnkit endpoints add <url> [--types return.created,return.approved]",
      "returnkit endpoints disable <endpoint_id>",
      "returnkit endpoints enable <endpoint_id>",
      "returnkit endpoints rotate <endpoint_id> [--overlap 24h]",
      "returnkit endpoints delete <endpoint_id>",
      "returnkit returns show <return_id>",
      "returnkit deliveries list --dead | --return <return_id>",
      "returnkit redeliver <event_id> [--endpoint <endpoint_id>]",
      "returnkit recover --since <2h | ISO time>",
      "--table-prefix <prefix>",
      "Exit codes: 0 done; 1 failed",
    ]) {
      expect(run.stdout).toContain(line);
    }
  });

  it("returnkit <group> --help - describes only that group's commands", async () => {
    const run = await returnkit(["migrate", "--help"], { DATABASE_URL: undefined });

    expect(run.code).toBe(0);
    expect(run.stdout).toContain("returnkit migrate status");
    expect(run.stdout).not.toContain("returnkit recover");
  });

  it("returnkit - a wrong command line exits 2 with one line saying what is wrong", async () => {
    const cases: Array<[string[], string]> = [
      [[], "which command?"],
      [["frobnicate"], 'unknown command "frobnicate"'],
      [["deliveries"], "deliveries needs one of: list"],
      [["migrate", "--frobnicate"], "Unknown option '--frobnicate'"],
      [["migrate", "--since", "2h"], "migrate takes no --since"],
      [["migrate", "--schema"], "argument missing"],
      [["migrate", "--schema="], "--schema needs a value"],
      [["migrate", "--schema", "no-dashes"], "--schema must be a plain SQL identifier"],
      [["redeliver"], "redeliver needs <event_id>"],
      [["redeliver", "evt_1", "evt_2"], 'unexpected argument "evt_2"'],
      [["deliveries", "list"], "either --dead or --return"],
      [["recover"], "recover needs --since"],
      [["recover", "--since", "yesterday"], "--since takes a duration like 2h"],
      [["migrate", "--url", "mysql://db/shop"], "must be a postgres:// or postgresql:// URL"],
    ];

    const runs = await Promise.all(cases.map(([args]) => returnkit(args)));

    runs.forEach((run, i) => {
      expect({ args: cases[i]![0], code: run.code, stdout: run.stdout }).toEqual({
        args: cases[i]![0],
        code: 2,
        stdout: "",
      });
      expect(run.stderr).toMatch(/^returnkit: [^\n]+\n$/);
      expect(run.stderr).toContain(cases[i]![1]);
    });
  });

  it("returnkit - without DATABASE_URL or --url exits 2 and says what to set", async () => {
    const run = await returnkit(["migrate", "status"], { DATABASE_URL: undefined });

    expect(run).toEqual({
      code: 2,
      stdout: "",
      stderr: "returnkit: set DATABASE_URL to the database's URL, or pass --url\n",
    });
  });
});

describe("returnkit - operational failures", () => {
  it("returnkit - an unreachable database exits 1 with one line naming the server, no stack", async () => {
    // The real executable: nothing but the one line reaches its stderr.
    const run = await returnkitProcess(["migrate", "status"], {
      DATABASE_URL: "postgres://someone:s3cret@127.0.0.1:1/shop",
    });

    expect(run).toEqual({
      code: 1,
      stdout: "",
      stderr: "returnkit: cannot reach the database at 127.0.0.1:1/shop (ECONNREFUSED)\n",
    });
  });

  it("returnkit - a role the server refuses exits 1 with the server's words", async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.username = "no_such_returnkit_role";

    const run = await returnkit(["deliveries", "list", "--dead", "--url", url.href]);

    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^returnkit: the database at .+ answered: .*no_such_returnkit_role.*\n$/,
    );
  });

  it("returnkit - a schema without the tables exits 1 and says to migrate, changing nothing", async () => {
    const schema = uniqueSchema("absent");

    const run = await returnkit(["deliveries", "list", "--dead", "--schema", schema]);
    const status = await returnkitJson(["migrate", "status", "--schema", schema]);

    expect(run).toEqual({
      code: 1,
      stdout: "",
      stderr: `returnkit: no returnkit tables in "${schema}" (prefix returnkit_): run \`returnkit migrate\` first, or check --schema and --table-prefix\n`,
    });
    expect(status.up_to_date).toBe(false);
  });

  itOnItsOwnSchema(
    "returnkit - a command on a migrated schema with --table-prefix finds its tables",
    async ({ db }) => {
      const run = await returnkit([
        "deliveries",
        "list",
        "--dead",
        ...db.flags,
        "--table-prefix",
        "returnkit_",
      ]);

      expect(run).toEqual({ code: 0, stdout: "no dead deliveries\n", stderr: "" });
    },
  );
});
