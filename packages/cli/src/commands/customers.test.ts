import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CUSTOMER_EXPORT_SCHEMA, CustomerExportSchema } from "@returnkit/core";
import type { ReturnsStore } from "@returnkit/core/store";
import { makeOutboxEvent, makeStoredReturn, type StoredReturnOptions } from "@returnkit/testing";
import { describe, expect } from "vitest";
import { itOnItsOwnSchema, returnkit, returnkitJson } from "../test-support";

const REQUEST = "rrq_01JD3M6X4R9V6T0Q8Z2W7K5B1C";

async function seed(store: ReturnsStore, options: StoredReturnOptions): Promise<string> {
  const stored = makeStoredReturn(options);
  const result = await store.commit({
    next: stored,
    expectedVersion: null,
    events: [makeOutboxEvent(stored)],
  });
  expect(result.ok).toBe(true);
  return stored.record.id;
}

/** Alice: two lines of one request and a closed return on its own; Bob: one return. */
async function seedCustomers(store: ReturnsStore): Promise<string[]> {
  const ids = [
    await seed(store, { customer_id: "alice", request_id: REQUEST, state: "approved" }),
    await seed(store, { customer_id: "alice", request_id: REQUEST, order_id: "ord_1001" }),
    await seed(store, { customer_id: "alice", order_id: "ord_7", state: "closed" }),
  ];
  await seed(store, { customer_id: "bob", order_id: "ord_9" });
  // Newest first, as the store lists them (ids compare by code unit).
  return ids.sort().reverse();
}

describe("returnkit customers export", () => {
  itOnItsOwnSchema(
    "customers export - joins every page into one document of the export schema, no other customer's",
    async ({ db }) => {
      const ids = await seedCustomers(db.store);

      const exported = await returnkitJson([
        "customers",
        "export",
        "alice",
        "--limit",
        "1",
        ...db.flags,
      ]);

      expect(CustomerExportSchema.parse(exported)).toEqual(exported);
      expect(Object.keys(exported)).toEqual([
        "schema",
        "customer_id",
        "exported_at",
        "returns",
        "return_requests",
      ]);
      expect(exported.schema).toBe(CUSTOMER_EXPORT_SCHEMA);
      expect(exported.returns.map((one: { id: string }) => one.id)).toEqual(ids);
      expect(exported.returns.map((one: { state: string }) => one.state).sort()).toEqual([
        "approved",
        "closed",
        "draft",
      ]);
      expect(exported.return_requests).toHaveLength(1);
      expect(exported.return_requests[0]).toMatchObject({ id: REQUEST, customer_id: "alice" });
      const inRequest = exported.returns
        .filter((one: { request_id: string | null }) => one.request_id === REQUEST)
        .map((one: { id: string }) => one.id);
      expect(inRequest).toHaveLength(2);
      expect([...exported.return_requests[0].return_ids].sort()).toEqual([...inRequest].sort());
    },
  );

  itOnItsOwnSchema(
    "customers export - --out writes the document to the file and says what it wrote",
    async ({ db }) => {
      await seedCustomers(db.store);
      const dir = await mkdtemp(join(tmpdir(), "rk-export-"));
      try {
        const file = join(dir, "alice.json");

        const run = await returnkit(["customers", "export", "alice", "--out", file, ...db.flags]);

        expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
        expect(run.stdout).toBe(
          `wrote the export of customer alice to ${file}: 3 returns, 1 return requests\n`,
        );
        const written = JSON.parse(await readFile(file, "utf8"));
        const printed = await returnkitJson(["customers", "export", "alice", ...db.flags]);
        expect(written).toEqual({ ...printed, exported_at: written.exported_at });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  itOnItsOwnSchema(
    "customers export - a customer with no returns is an empty export; an impossible id a usage error",
    async ({ db }) => {
      const empty = await returnkitJson(["customers", "export", "carol", ...db.flags]);
      expect(empty).toMatchObject({ customer_id: "carol", returns: [], return_requests: [] });

      const tooLong = await returnkit(["customers", "export", "c".repeat(256), ...db.flags]);
      expect(tooLong.code).toBe(2);
      expect(tooLong.stderr).toContain("customer id");
    },
  );
});
