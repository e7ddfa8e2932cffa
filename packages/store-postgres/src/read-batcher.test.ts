import { makeStoredReturn } from "@returnkit/core/testing";
import { afterAll, describe, expect, it } from "vitest";
import { type SqlDatabase, toSqlDatabase } from "./database";
import { postgresStore } from "./postgres-store";
import { ReadBatcher } from "./read-batcher";
import { backends, dropSchema, STARTUP_TIMEOUT_MS, uniqueSchema, warmUp } from "./test-support";

interface Row {
  id: string;
  record: { tags: string[] };
}

/** A table of rows and every statement's ids, standing in for `readReturns`. */
function table(ids: string[]) {
  const statements: string[][] = [];
  const load = async (wanted: string[]) => {
    statements.push(wanted);
    return new Map(
      wanted.filter((id) => ids.includes(id)).map((id) => [id, { id, record: { tags: [id] } }]),
    );
  };
  return { statements, load };
}

describe("ReadBatcher", () => {
  it("read - reads of one turn go in one statement, each caller getting its own row", async () => {
    const { statements, load } = table(["ret_a", "ret_b", "ret_c"]);
    const reads = new ReadBatcher<Row>(load);

    const rows = await Promise.all(["ret_a", "ret_b", "ret_c"].map((id) => reads.read(id)));

    expect(statements).toEqual([["ret_a", "ret_b", "ret_c"]]);
    expect(rows.map((row) => row?.id)).toEqual(["ret_a", "ret_b", "ret_c"]);
  });

  it("read - an id the statement did not find is null", async () => {
    const { load } = table(["ret_a"]);
    const reads = new ReadBatcher<Row>(load);

    expect(await Promise.all([reads.read("ret_a"), reads.read("ret_x")])).toEqual([
      { id: "ret_a", record: { tags: ["ret_a"] } },
      null,
    ]);
  });

  it("read - asks for an id once, and a second caller of it gets a copy, not the same row", async () => {
    const { statements, load } = table(["ret_a"]);
    const reads = new ReadBatcher<Row>(load);

    const [first, second] = await Promise.all([reads.read("ret_a"), reads.read("ret_a")]);

    expect(statements).toEqual([["ret_a"]]);
    expect(second).toEqual(first);
    first!.record.tags.push("changed by the first caller");
    expect(second!.record.tags).toEqual(["ret_a"]);
  });

  it("read - reads of a later turn go in a statement of their own", async () => {
    const { statements, load } = table(["ret_a", "ret_b"]);
    const reads = new ReadBatcher<Row>(load);

    await reads.read("ret_a");
    await reads.read("ret_b");

    expect(statements).toEqual([["ret_a"], ["ret_b"]]);
  });

  it("read - a full batch goes at once, the rest with the next turn", async () => {
    const { statements, load } = table([]);
    const reads = new ReadBatcher<Row>(load, 2);

    await Promise.all(["r1", "r2", "r3"].map((id) => reads.read(id)));

    expect(statements).toEqual([["r1", "r2"], ["r3"]]);
  });

  it("read - a failed statement fails every read in it, and the next turn reads again", async () => {
    let fail = true;
    const reads = new ReadBatcher<Row>(async (ids) => {
      if (fail) throw new Error("connection lost");
      return new Map(ids.map((id) => [id, { id, record: { tags: [] } }]));
    });

    const failed = await Promise.allSettled([reads.read("ret_a"), reads.read("ret_b")]);
    fail = false;

    expect(failed.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    expect((await reads.read("ret_a"))?.id).toBe("ret_a");
  });
});

describe("postgresStore.getReturn", () => {
  for (const backend of backends()) {
    describe.skipIf(backend.skip)(`on ${backend.name}`, () => {
      afterAll(() => backend.closeAll());

      it(
        "reads the returns asked for in one turn with one statement",
        async () => {
          await warmUp(backend);
          const raw = backend.connect();
          const db = toSqlDatabase(raw);
          const statements: string[] = [];
          const counting: SqlDatabase = {
            ...db,
            query(text, params, options) {
              statements.push(text);
              return db.query(text, params, options);
            },
          };
          const schema = uniqueSchema("reads");
          const store = postgresStore({ db: counting, schema });
          await store.init();
          const stored = ["a", "b", "c"].map((n) => makeStoredReturn({ id: `ret_read_${n}` }));
          for (const next of stored) {
            const result = await store.commit({ next, expectedVersion: null, events: [] });
            expect(result.ok).toBe(true);
          }
          statements.length = 0;

          const ids = [
            ...stored.map((s) => s.record.id),
            "ret_read_missing",
            stored[0]!.record.id,
            // No row can have it, and it must not fail the others' statement.
            "ret_\u0000nul",
            "ret_'quote\"\\{,}",
          ];
          const read = await Promise.all(ids.map((id) => store.getReturn(id)));

          expect(statements).toHaveLength(1);
          expect(read.map((r) => r?.record.id ?? null)).toEqual([
            ...stored.map((s) => s.record.id),
            null,
            stored[0]!.record.id,
            null,
            null,
          ]);
          expect(read[0]).toEqual(stored[0]);
          expect(read[4]).toEqual(read[0]);
          expect(read[4]).not.toBe(read[0]);
          await store.close();
          await dropSchema(raw, schema);
        },
        STARTUP_TIMEOUT_MS,
      );
    });
  }
});
