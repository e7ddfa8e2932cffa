import { describe, expect } from "vitest";
import {
  itOnItsOwnSchema,
  killDueDeliveries,
  returnkit,
  returnkitJson,
  seedEndpoint,
  seedReturn,
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
      expect(json).toEqual({ data: [] });
    },
  );
});
