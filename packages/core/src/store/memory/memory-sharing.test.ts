import { validCreate } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import { createReturnsService, type ReturnsService } from "../../service";

const customer = { kind: "portal" as const, id: "customer-1", scopes: ["portal:returns.write"] };

/** Creates and submits a return, keyed as a portal client does; again, the same keys replay. */
async function createAndSubmit(service: ReturnsService) {
  const created = await service.createReturn(validCreate, {
    principal: customer,
    idempotencyKey: "create-1",
  });
  const submitted = await service.submit(
    created.record.id,
    {},
    {
      principal: customer,
      idempotencyKey: "submit-1",
    },
  );
  return { created, submitted };
}

async function createdAndSubmitted() {
  const service = createReturnsService();
  const { created, submitted } = await createAndSubmit(service);
  const stored = await service.store.getReturn(created.record.id);
  const events = await service.store.listEvents(created.record.id);
  return { service, created, submitted, stored: stored!, events };
}

describe("memory store - what a held return keeps", () => {
  it("memory store - the keys' answers, the events and the return share one record per version", async () => {
    const { stored, events } = await createdAndSubmitted();
    const [createdEvent, submittedEvent] = events;
    const v1 = createdEvent!.payload.data.return as typeof stored.record;
    expect(submittedEvent!.payload.data.return).toBe(stored.record);
    expect(stored.record.history[0]).toBe(v1.history[0]);
    expect(stored.record.line).toBe(v1.line);
    expect(submittedEvent!.payload.data.transition).toBe(stored.record.history[1]);
    // One customer made both entries: one actor object.
    expect(stored.record.history[1]!.actor).toBe(stored.record.history[0]!.actor);
  });

  it("memory store - a replay answers the body first sent, taken from the committed record", async () => {
    const { service, created, submitted, stored } = await createdAndSubmitted();
    const replayed = await createAndSubmit(service);
    const [replayedCreate, replayedSubmit] = [replayed.created, replayed.submitted];
    expect(replayedCreate.replayed).toBe(true);
    expect(JSON.stringify(replayedCreate.record)).toBe(JSON.stringify(created.record));
    expect(replayedCreate.headers).toEqual(created.headers);
    expect(replayedSubmit.record).toBe(stored.record);
    expect(JSON.stringify(replayedSubmit.record)).toBe(JSON.stringify(submitted.record));
  });
});
