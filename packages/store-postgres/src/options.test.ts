import { InvalidOptionsError } from "@returnkit/core";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { type PostgresStoreOptions, postgresStore } from "./postgres-store";

// Never connected to: constructing a store opens no connection.
const pool = new pg.Pool({ connectionString: "postgres://nobody@127.0.0.1:1/none" });
afterAll(() => pool.end());

/** The error `postgresStore` throws for `options` (which the types would refuse). */
function refusal(options: Record<string, unknown>): InvalidOptionsError {
  try {
    postgresStore({ db: pool, ...options } as PostgresStoreOptions);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidOptionsError);
    return error as InvalidOptionsError;
  }
  throw new Error("expected postgresStore to refuse the options");
}

describe("postgresStore options", () => {
  it("postgresStore - an unknown option is refused, so a typo is caught", () => {
    expect(refusal({ tablePrefx: "shop_" }).message).toBe(
      "returnkit: invalid postgresStore options: tablePrefx: unknown option",
    );
    // Group commit is gone: its old option is refused like any unknown one.
    expect(refusal({ commitBatching: true }).message).toContain("commitBatching: unknown option");
  });

  it("postgresStore - each option is checked, naming it and what it expects", () => {
    const error = refusal({
      notify: "no",
      preparedStatements: 0,
      name: "",
      onError: "log",
    });
    expect(error.issues).toEqual([
      { path: "notify", message: 'expected true or false, got "no"' },
      { path: "name", message: 'expected a non-empty string, got ""' },
      { path: "preparedStatements", message: "expected true or false, got 0" },
      { path: "onError", message: 'expected a function, got "log"' },
    ]);
  });

  it("postgresStore - schema and tablePrefix must be plain SQL names", () => {
    expect(refusal({ schema: 'x"; DROP TABLE y; --' }).message).toContain(
      "schema: expected a plain SQL identifier",
    );
    expect(refusal({ tablePrefix: "bad-prefix" }).message).toContain(
      "tablePrefix: expected letters, digits and underscores",
    );
  });

  it("postgresStore - db must be a pg Pool or a PGlite instance", () => {
    expect(refusal({ db: undefined }).message).toBe(
      "returnkit: invalid postgresStore options: db: expected a pg Pool or a PGlite instance, got undefined",
    );
    expect(refusal({ db: "postgres://localhost/shop" }).message).toContain(
      'db: expected a pg Pool or a PGlite instance, got "postgres://localhost/shop"',
    );
    const client = new pg.Client({ connectionString: "postgres://nobody@127.0.0.1:1/none" });
    expect(refusal({ db: client }).message).toContain(
      "db: expected a pg Pool, not a single pg Client",
    );
  });

  it("postgresStore - the documented configurations construct", async () => {
    const valid: PostgresStoreOptions[] = [
      { db: pool },
      {
        db: pool,
        schema: "shop",
        tablePrefix: "rk_",
        notify: false,
        name: "orders-db",
        preparedStatements: false,
        onError: () => {},
      },
    ];
    for (const options of valid) await postgresStore(options).close();
  });
});
