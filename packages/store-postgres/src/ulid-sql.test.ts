import { decodeTime, encodeTime } from "ulidx";
import { afterAll, describe, expect, it } from "vitest";
import { backends, query, STARTUP_TIMEOUT_MS, warmUp } from "./test-support";
import { RANDOM_BYTES_SQL, ulidSql } from "./ulid-sql";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const ULID = /^dlv_[0-9A-HJKMNP-TV-Z]{26}$/;

/** What the SQL must give: ulidx's time encoding, then a character per byte (byte mod 32). */
function expected(ms: number, bytes: number[]): string {
  return `dlv_${encodeTime(ms, 10)}${bytes.map((b) => CROCKFORD[b % 32]).join("")}`;
}

describe("ulidSql", () => {
  it("takes only a fixed id prefix", () => {
    expect(() => ulidSql("dlv'; --", "0", "b")).toThrow(RangeError);
    expect(ulidSql("dlv_", "0", "b").startsWith("'dlv_' || ")).toBe(true);
  });

  for (const backend of backends()) {
    describe.skipIf(backend.skip)(`on ${backend.name}`, () => {
      afterAll(() => backend.closeAll());

      it(
        "writes the ULID of a time and 16 bytes, as ulidx encodes the time",
        async () => {
          await warmUp(backend);
          const db = backend.connect();
          // The edges of each 5-bit group, today, and the largest time a ULID holds.
          const cases: Array<[number, number[]]> = [
            [0, Array.from({ length: 16 }, () => 0)],
            [1_763_830_000_123, Array.from({ length: 16 }, (_, i) => i * 17)],
            [2 ** 48 - 1, Array.from({ length: 16 }, (_, i) => 255 - i)],
            [2 ** 45, [31, 32, 33, 63, 64, 95, 96, 127, 128, 159, 160, 191, 192, 223, 224, 255]],
          ];
          for (const [ms, bytes] of cases) {
            const { rows } = await query<{ id: string }>(
              db,
              `SELECT ${ulidSql("dlv_", "$1::bigint", "decode($2::text, 'hex')")} AS id`,
              [ms, Buffer.from(bytes).toString("hex")],
            );
            expect(rows[0]!.id).toBe(expected(ms, bytes));
            expect(decodeTime(rows[0]!.id.slice(4))).toBe(ms);
          }
        },
        STARTUP_TIMEOUT_MS,
      );

      it(
        "draws fresh random bytes for each row",
        async () => {
          const db = backend.connect();
          const { rows } = await query<{ id: string }>(
            db,
            `SELECT ${ulidSql("dlv_", "f.ms", "f.random")} AS id
             FROM (SELECT 1763830000000::bigint AS ms, ${RANDOM_BYTES_SQL} AS random
                   FROM generate_series(1, 2000)) f`,
          );
          const ids = rows.map((row) => row.id);
          expect(new Set(ids).size).toBe(ids.length);
          for (const id of ids) expect(id).toMatch(ULID);
          // Every character of the random part is used (a biased byte would leave some out).
          const used = new Set(ids.flatMap((id) => [...id.slice(14)]));
          expect(used.size).toBe(32);
        },
        STARTUP_TIMEOUT_MS,
      );
    });
  }
});
