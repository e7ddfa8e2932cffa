import { makeCustomerEvent } from "@returnkit/testing";
import { describe, expect } from "vitest";
import { runCli } from "../run-cli";
import {
  DATABASE_URL,
  itOnItsOwnSchema,
  killDueDeliveries,
  returnkit,
  returnkitJson,
  seedEndpoint,
  seedReturn,
  type TestDatabase,
} from "../test-support";

describe("returnkit deliveries list", () => {
  itOnItsOwnSchema(
    "deliveries list --return - every delivery of the return with its type and attempts",
    async ({ db }) => {
      const erp = await seedEndpoint(db.store, { id: "we_erp" });
      const { stored, eventId } = await seedReturn(db.store, "req_3am");
      await killDueDeliveries(db.store, new Date("2026-11-24T03:00:00.000Z"));

      const json = await returnkitJson([
        "deliveries",
        "list",
        "--return",
        stored.record.id,
        ...db.flags,
      ]);
      const text = await returnkit([
        "deliveries",
        "list",
        "--return",
        stored.record.id,
        ...db.flags,
      ]);

      expect(json.data).toEqual([
        expect.objectContaining({
          event_id: eventId,
          event_type: "return.created",
          request_id: "req_3am",
          endpoint_id: erp.id,
          return_id: stored.record.id,
          status: "dead",
          dead_at: "2026-11-24T03:00:00.000Z",
          attempts: [
            { at: "2026-11-24T03:00:00.000Z", status: 503, error: "HTTP 503", duration_ms: 12 },
          ],
        }),
      ]);
      const deliveryId = json.data[0].id;
      expect(text.code).toBe(0);
      expect(text.stdout).toMatch(
        new RegExp(
          `^DELIVERY +EVENT +TYPE +RETURN +ENDPOINT +STATUS +SINCE\n${deliveryId} +${eventId} +return.created +${stored.record.id} +we_erp +dead +2026-11-24T03:00:00.000Z\n`,
        ),
      );
      expect(text.stdout).toContain(`${deliveryId} attempts (event of request req_3am):`);
      expect(text.stdout).toMatch(/ {2}1 +2026-11-24T03:00:00.000Z +503 +12 ms +HTTP 503\n/);
    },
  );

  itOnItsOwnSchema(
    "deliveries list --dead - a dead delivery of an event about a customer names the customer",
    async ({ db }) => {
      await seedEndpoint(db.store, { id: "we_privacy" });
      const event = makeCustomerEvent("cus_7", Date.parse("2026-11-24T02:00:00.000Z"));
      expect((await db.store.commitMany({ changes: [], events: [event] })).ok).toBe(true);
      await killDueDeliveries(db.store, new Date("2026-11-24T03:00:00.000Z"));

      const json = await returnkitJson(["deliveries", "list", "--dead", ...db.flags]);
      const text = await returnkit(["deliveries", "list", "--dead", ...db.flags]);

      expect(json.data).toEqual([
        expect.objectContaining({
          event_id: event.id,
          return_id: null,
          subject: { kind: "customer", id: "cus_7" },
          status: "dead",
        }),
      ]);
      expect(text.stdout).toMatch(
        new RegExp(
          `\\n\\S+ +${event.id} +- +customer cus_7 +we_privacy +dead +2026-11-24T03:00:00.000Z\\n`,
        ),
      );
    },
  );

  itOnItsOwnSchema(
    "deliveries list --dead - the dead ones of every return, not the pending or delivered",
    async ({ db }) => {
      await seedEndpoint(db.store, { id: "we_dead_erp" });
      const dead = await seedReturn(db.store);
      await killDueDeliveries(db.store);
      const pending = await seedReturn(db.store);

      const json = await returnkitJson(["deliveries", "list", "--dead", ...db.flags]);

      const ids = json.data.map((delivery: { event_id: string }) => delivery.event_id);
      expect(ids).toContain(dead.eventId);
      expect(ids).not.toContain(pending.eventId);
      expect(json.data.every((delivery: { status: string }) => delivery.status === "dead")).toBe(
        true,
      );
    },
  );

  itOnItsOwnSchema(
    "deliveries list --return - a return with none says so and exits 0",
    async ({ db }) => {
      const run = await returnkit([
        "deliveries",
        "list",
        "--return",
        "ret_01JQ3Z9X8Y7W6V5T4S3R2Q1P0N",
        ...db.flags,
      ]);
      const json = await returnkitJson([
        "deliveries",
        "list",
        "--return",
        "ret_01JQ3Z9X8Y7W6V5T4S3R2Q1P0N",
        ...db.flags,
      ]);

      expect(run).toEqual({
        code: 0,
        stdout: "no deliveries of ret_01JQ3Z9X8Y7W6V5T4S3R2Q1P0N\n",
        stderr: "",
      });
      expect(json).toEqual({ data: [], next_cursor: null });
    },
  );
});

/** `returnkit …args` in this process through `runCli`: its exit code and each write to stdout. */
async function runInProcess(args: string[]) {
  const writes: string[] = [];
  const errors: string[] = [];
  const code = await runCli(
    args,
    { DATABASE_URL },
    { out: (text) => writes.push(text), error: (text) => errors.push(text) },
  );
  return { code, writes, stdout: writes.map((text) => `${text}\n`).join(""), errors };
}

/** An endpoint and `count` returns whose one delivery each died. */
async function seedDead(db: TestDatabase, count: number): Promise<string[]> {
  await seedEndpoint(db.store, { id: "we_paged" });
  const eventIds: string[] = [];
  for (let i = 0; i < count; i++) eventIds.push((await seedReturn(db.store)).eventId);
  await killDueDeliveries(db.store);
  return eventIds;
}

describe("returnkit deliveries list - pages", () => {
  itOnItsOwnSchema(
    "deliveries list --limit --cursor --json - walks the dead ones a page at a time, each once, in event order",
    async ({ db }) => {
      const eventIds = await seedDead(db, 5);
      const list = ["deliveries", "list", "--dead", "--limit", "2", "--json", ...db.flags];

      const walked: string[] = [];
      const sizes: number[] = [];
      let cursor: string | null = null;
      do {
        const run = await runInProcess([...list, ...(cursor === null ? [] : ["--cursor", cursor])]);
        expect({ code: run.code, errors: run.errors }).toEqual({ code: 0, errors: [] });
        const page = JSON.parse(run.stdout);
        expect(Object.keys(page)).toEqual(["data", "next_cursor"]);
        walked.push(...page.data.map((delivery: { event_id: string }) => delivery.event_id));
        sizes.push(page.data.length);
        cursor = page.next_cursor;
      } while (cursor !== null && sizes.length < 10);

      expect(sizes).toEqual([2, 2, 1]);
      expect(walked).toEqual(eventIds);
    },
  );

  itOnItsOwnSchema(
    "deliveries list --limit - prints one page and the command for the next",
    async ({ db }) => {
      const eventIds = await seedDead(db, 3);

      const first = await runInProcess([
        "deliveries",
        "list",
        "--dead",
        "--limit",
        "2",
        ...db.flags,
      ]);
      const cursor = /--cursor (\S+)/.exec(first.stdout)?.[1];
      const last = await runInProcess([
        ...["deliveries", "list", "--dead", "--limit", "2", "--cursor", cursor!],
        ...db.flags,
      ]);

      expect(first.code).toBe(0);
      expect(first.stdout).toContain(eventIds[0]);
      expect(first.stdout).toContain(eventIds[1]);
      expect(first.stdout).not.toContain(eventIds[2]);
      expect(first.stdout).toMatch(/\nnext page: --cursor \S+ \(or --all for every page\)\n$/);
      expect(last.code).toBe(0);
      expect(last.stdout).toContain(eventIds[2]);
      expect(last.stdout).not.toContain(eventIds[0]);
      expect(last.stdout).not.toContain("next page");
    },
  );

  itOnItsOwnSchema(
    "deliveries list --all - writes each page as it is read, every delivery once",
    async ({ db }) => {
      const eventIds = await seedDead(db, 5);
      const all = ["deliveries", "list", "--dead", "--all", "--limit", "2", ...db.flags];

      const text = await runInProcess(all);
      const json = await runInProcess([...all, "--json"]);

      expect(text.code).toBe(0);
      // Three pages, three writes: nothing waits for the last page to be read.
      expect(text.writes).toHaveLength(3);
      for (const id of eventIds) expect(text.stdout.split(id)).toHaveLength(2);
      expect(text.stdout).not.toContain("next page");
      expect(json.code).toBe(0);
      expect(json.writes.length).toBeGreaterThanOrEqual(3);
      const document = JSON.parse(json.stdout);
      expect(document.next_cursor).toBeNull();
      expect(document.data.map((delivery: { event_id: string }) => delivery.event_id)).toEqual(
        eventIds,
      );
    },
  );

  itOnItsOwnSchema(
    "deliveries list - a --limit outside 1-100 or a --cursor it did not print exits 2 with one line",
    async ({ db }) => {
      await seedDead(db, 1);
      const cases: Array<[string[], string]> = [
        [["--limit", "0"], "--limit takes a whole number from 1 to 100"],
        [["--limit", "101"], "--limit takes a whole number from 1 to 100"],
        [["--limit", "ten"], "--limit takes a whole number from 1 to 100"],
        [["--cursor", "not-a-cursor"], "--cursor is not a cursor deliveries list printed"],
        [["--cursor", btoa('[-1,"dlv_x"]')], "--cursor is not a cursor deliveries list printed"],
      ];
      for (const [flags, message] of cases) {
        const run = await runInProcess(["deliveries", "list", "--dead", ...flags, ...db.flags]);
        expect({ flags, code: run.code, writes: run.writes }).toEqual({
          flags,
          code: 2,
          writes: [],
        });
        expect(run.errors).toEqual([expect.stringContaining(message)]);
      }
    },
  );
});

describe("returnkit deliveries list - attempt counts", () => {
  itOnItsOwnSchema(
    "deliveries list --json - attempt_count counts every attempt listed, attempts_since_revival the current run",
    async ({ db }) => {
      const [eventId] = await seedDead(db, 1);
      await db.store.redeliver({ eventId: eventId!, now: Date.now() });
      await killDueDeliveries(db.store);

      const run = await runInProcess(["deliveries", "list", "--dead", "--json", ...db.flags]);

      expect(run.code).toBe(0);
      const [delivery] = JSON.parse(run.stdout).data;
      expect(delivery.attempts).toHaveLength(2);
      expect(delivery).toMatchObject({ attempt_count: 2, attempts_since_revival: 1 });
    },
  );
});
