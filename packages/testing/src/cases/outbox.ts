/**
 * @module testing/cases/outbox — outbox events and their fan-out into deliveries, and the
 * endpoints that decide the fan-out.
 */
import { describe, expect, it } from "vitest";
import {
  advanceStoredReturn,
  iso,
  makeDeliveryAttempt,
  makeEndpoint,
  makeOutboxEvent,
  makeStoredReturn,
  T0,
} from "../fixtures";
import {
  advanceReturn,
  claimDue,
  createReturn,
  type StoreSubject,
  withoutPosition,
} from "../subject";

export function describeOutbox(subject: StoreSubject): void {
  describe("outbox", () => {
    it("listEvents - lists a return's events in commit order with increasing positions", async () => {
      const created = await createReturn(subject.store);
      const submitted = await advanceReturn(subject.store, created.stored, "submit");
      const approved = await advanceReturn(subject.store, submitted.stored, "approve");

      const events = await subject.store.listEvents(created.stored.record.id);

      expect(events).toEqual([...created.events, ...submitted.events, ...approved.events]);
      for (let i = 1; i < events.length; i++)
        expect(events[i]!.position).toBeGreaterThan(events[i - 1]!.position);
    });

    it("listEvents - keeps returns apart and lists nothing for an unknown return", async () => {
      const a = await createReturn(subject.store);
      const b = await createReturn(subject.store);
      await advanceReturn(subject.store, a.stored, "submit");

      expect((await subject.store.listEvents(b.stored.record.id)).map(withoutPosition)).toEqual(
        b.events.map(withoutPosition),
      );
      expect(await subject.store.listEvents(makeStoredReturn().record.id)).toEqual([]);
    });

    it("commit - gives a later commit of a return larger positions than every earlier one", async () => {
      const { stored } = await createReturn(subject.store);
      const next = advanceStoredReturn(stored, "submit");
      const several = [makeOutboxEvent(next), makeOutboxEvent(next, { type: "return.fit_signal" })];
      const before = await subject.store.listEvents(stored.record.id);

      const result = await subject.store.commit({ next, expectedVersion: 1, events: several });

      if (!result.ok) throw new Error(`commit failed: ${result.reason}`);
      const highestBefore = Math.max(...before.map((event) => event.position));
      expect(result.events[0]!.position).toBeGreaterThan(highestBefore);
      expect(result.events[1]!.position).toBeGreaterThan(result.events[0]!.position);
    });

    it("commit - creates one pending delivery per endpoint whose types match, enabled or not", async () => {
      const all = makeEndpoint();
      const submittedOnly = makeEndpoint({ types: ["return.submitted"] });
      const createdOnly = makeEndpoint({ types: ["return.created", "return.closed"] });
      const disabled = makeEndpoint({ enabled: false, disabled_reason: "410 Gone" });
      for (const endpoint of [all, submittedOnly, createdOnly, disabled])
        await subject.store.saveEndpoint(endpoint);

      const { events } = await createReturn(subject.store);
      const event = events[0]!;
      const deliveries = await subject.store.listDeliveries({ eventId: event.id });

      // The disabled endpoint's waits (paused) until it is enabled again.
      expect(deliveries.map((d) => d.endpoint_id).sort()).toEqual(
        [all.id, createdOnly.id, disabled.id].sort(),
      );
      for (const delivery of deliveries) {
        expect(delivery).toMatchObject({
          event_id: event.id,
          return_id: event.return_id,
          position: event.position,
          status: "pending",
          attempt_count: 0,
          // Due at once: the event's own time.
          next_attempt_at: Date.parse(event.created_at),
          attempts: [],
          delivered_at: null,
          dead_at: null,
        });
      }
      expect(new Set(deliveries.map((d) => d.id)).size).toBe(deliveries.length);
      // Named like every other returnkit id: a prefix and a time-ordered ULID.
      for (const delivery of deliveries)
        expect(delivery.id).toMatch(/^dlv_[0-9A-HJKMNP-TV-Z]{26}$/);
    });

    it("commit - keeps each event's request_id and traceparent, null when not given", async () => {
      await subject.store.saveEndpoint(makeEndpoint());
      const { stored, events: created } = await createReturn(subject.store);
      const next = advanceStoredReturn(stored, "submit");
      const traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
      const traced = { ...makeOutboxEvent(next), request_id: "req_ab-12", traceparent };
      const result = await subject.store.commit({ next, expectedVersion: 1, events: [traced] });
      if (!result.ok) throw new Error(`commit failed: ${result.reason}`);

      const listed = await subject.store.listEvents(stored.record.id);
      const now = Date.parse(next.record.updated_at);
      const claim = { dispatcherId: "d1", now, limit: 10, leaseMs: 60_000 };
      const claimed = await subject.store.claimDeliveries(claim);

      const given = { request_id: "req_ab-12", traceparent };
      const none = { request_id: null, traceparent: null };
      expect(created[0]).toMatchObject(none);
      expect(result.events[0]).toMatchObject(given);
      expect(listed.map(({ request_id, traceparent }) => ({ request_id, traceparent }))).toEqual([
        none,
        given,
      ]);
      // Only the head of the return's queue is claimable: the created event's delivery.
      expect(claimed.map((c) => c.event)).toEqual([listed[0]]);
      await subject.store.recordDeliveryAttempt({
        deliveryId: claimed[0]!.delivery.id,
        dispatcherId: "d1",
        attempt: makeDeliveryAttempt(now),
        outcome: { kind: "delivered" },
      });
      const [second] = await subject.store.claimDeliveries(claim);
      expect(second?.event).toEqual(listed[1]);
    });

    it("commit - creates no deliveries when no endpoint is registered", async () => {
      const { stored } = await createReturn(subject.store);

      expect(await subject.store.listDeliveries({ returnId: stored.record.id })).toEqual([]);
    });

    it("listDeliveries - filters by event, return and status in position order", async () => {
      const endpoint = makeEndpoint();
      await subject.store.saveEndpoint(endpoint);
      const a = await createReturn(subject.store);
      const a2 = await advanceReturn(subject.store, a.stored, "submit");
      const b = await createReturn(subject.store);

      const ofA = await subject.store.listDeliveries({ returnId: a.stored.record.id });
      const ofEvent = await subject.store.listDeliveries({ eventId: b.events[0]!.id });
      const pendingOfA = await subject.store.listDeliveries({
        returnId: a.stored.record.id,
        status: "pending",
      });
      const deadOfA = await subject.store.listDeliveries({
        returnId: a.stored.record.id,
        status: "dead",
      });

      expect(ofA.map((d) => d.event_id)).toEqual([a.events[0]!.id, a2.events[0]!.id]);
      expect(ofEvent.map((d) => d.return_id)).toEqual([b.stored.record.id]);
      expect(pendingOfA).toEqual(ofA);
      expect(deadOfA).toEqual([]);
    });

    it("listDeliveries - pages in (position, id) order after a key: each delivery once, also when more arrive between pages", async () => {
      await subject.store.saveEndpoint(makeEndpoint({ id: "we_page_B" }));
      await subject.store.saveEndpoint(makeEndpoint({ id: "we_page_a" }));
      for (let i = 0; i < 3; i++) await createReturn(subject.store);
      const keyOf = (d: { position: number; id: string }) => ({ position: d.position, id: d.id });

      const walked: string[] = [];
      const pageSizes: number[] = [];
      let page = await subject.store.listDeliveries({ status: "pending", limit: 4 });
      for (let arrivals = 2; page.length > 0 && pageSizes.length < 10; arrivals = 0) {
        walked.push(...page.map((d) => d.id));
        pageSizes.push(page.length);
        // Returns created between pages: their deliveries come after every key walked so far.
        for (let i = 0; i < arrivals; i++) await createReturn(subject.store);
        const after = keyOf(page[page.length - 1]!);
        page = await subject.store.listDeliveries({ status: "pending", limit: 4, after });
      }

      const all = await subject.store.listDeliveries({ status: "pending" });
      const inKeyOrder = [...all].sort(
        (a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      );
      expect(all.map((d) => d.id)).toEqual(inKeyOrder.map((d) => d.id));
      expect(walked).toEqual(all.map((d) => d.id));
      expect(all).toHaveLength(10);
      expect(pageSizes).toEqual([4, 4, 2]);
    });

    it("listDeliveries - a page after a key keeps its filters and holds at most limit", async () => {
      await subject.store.saveEndpoint(makeEndpoint());
      const a = await createReturn(subject.store);
      const a2 = await advanceReturn(subject.store, a.stored, "submit");
      await createReturn(subject.store);
      const a3 = await advanceReturn(subject.store, a2.stored, "cancel");
      const ofA = await subject.store.listDeliveries({ returnId: a.stored.record.id });

      const second = await subject.store.listDeliveries({
        returnId: a.stored.record.id,
        after: { position: ofA[0]!.position, id: ofA[0]!.id },
        limit: 1,
      });
      const pastTheEnd = await subject.store.listDeliveries({
        returnId: a.stored.record.id,
        after: { position: ofA[2]!.position, id: ofA[2]!.id },
        limit: 5,
      });

      expect(ofA.map((d) => d.event_id)).toEqual(
        [a, a2, a3].map((committed) => committed.events[0]!.id),
      );
      expect(second).toEqual([ofA[1]]);
      expect(pastTheEnd).toEqual([]);
    });
  });

  describe("endpoints", () => {
    it("saveEndpoint - stores an endpoint that listEndpoints returns", async () => {
      const endpoint = makeEndpoint({ types: ["return.created", "return.fit_signal"] });

      await subject.store.saveEndpoint(endpoint);

      expect(await subject.store.listEndpoints()).toEqual([endpoint]);
    });

    it("saveEndpoint - replaces the endpoint with the same id", async () => {
      const endpoint = makeEndpoint();
      await subject.store.saveEndpoint(endpoint);
      const rotated = {
        ...endpoint,
        secrets: [
          ...endpoint.secrets,
          { secret: "whsec_bmV3LXNlY3JldC1mb3Itcm90YXRpb24=", until: null },
        ],
      };

      await subject.store.saveEndpoint(rotated);

      expect(await subject.store.listEndpoints()).toEqual([rotated]);
    });

    it("saveEndpoint - keeps when a rotation's overlap ends, and a claim hands the endpoint over with it", async () => {
      const rotating = makeEndpoint({
        secrets: [
          { secret: "whsec_bmV3LXNlY3JldC1mb3Itcm90YXRpb24=", until: null },
          { secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", until: iso(T0 + 86_400_000) },
        ],
      });
      await subject.store.saveEndpoint(rotating);
      await createReturn(subject.store);

      const [claimed] = await claimDue(subject.store, T0, { limit: 1, leaseMs: 1_000 });

      expect(await subject.store.listEndpoints()).toEqual([rotating]);
      expect(claimed!.endpoint).toEqual(rotating);
      const ended = { ...rotating, secrets: rotating.secrets.slice(0, 1) };
      await subject.store.saveEndpoint(ended);
      expect(await subject.store.listEndpoints()).toEqual([ended]);
    });

    it("removeEndpoint - removes the endpoint and reports whether it existed", async () => {
      const keep = makeEndpoint();
      const drop = makeEndpoint();
      await subject.store.saveEndpoint(keep);
      await subject.store.saveEndpoint(drop);

      expect(await subject.store.removeEndpoint(drop.id)).toBe(true);
      expect(await subject.store.removeEndpoint(drop.id)).toBe(false);
      expect(await subject.store.listEndpoints()).toEqual([keep]);
    });

    it("removeEndpoint - removes its pending deliveries and keeps the finished ones", async () => {
      const endpoint = makeEndpoint();
      const other = makeEndpoint();
      await subject.store.saveEndpoint(endpoint);
      await subject.store.saveEndpoint(other);
      const { stored, events } = await createReturn(subject.store);
      const [claimed] = await claimDue(subject.store, T0, { limit: 1, leaseMs: 1_000 });
      await subject.store.recordDeliveryAttempt({
        deliveryId: claimed!.delivery.id,
        dispatcherId: "d1",
        attempt: makeDeliveryAttempt(T0),
        outcome: { kind: "delivered" },
      });
      const removedId = claimed!.endpoint.id === endpoint.id ? other.id : endpoint.id;
      await claimDue(subject.store, T0, { limit: 1, leaseMs: 1_000 });

      await subject.store.removeEndpoint(removedId);

      const left = await subject.store.listDeliveries({ returnId: stored.record.id });
      expect(left.map((d) => [d.endpoint_id, d.status])).toEqual([
        [claimed!.endpoint.id, "delivered"],
      ]);
      expect(await subject.store.listEvents(stored.record.id)).toEqual(events);
    });

    it("disableEndpoint - records why and pauses its deliveries: commits still create them, none is claimed", async () => {
      const endpoint = makeEndpoint();
      await subject.store.saveEndpoint(endpoint);
      const before = await createReturn(subject.store);

      await subject.store.disableEndpoint(endpoint.id, "410 Gone");
      const after = await createReturn(subject.store);

      expect(await subject.store.listEndpoints()).toEqual([
        { ...endpoint, enabled: false, disabled_reason: "410 Gone" },
      ]);
      for (const { stored } of [before, after]) {
        const deliveries = await subject.store.listDeliveries({ returnId: stored.record.id });
        expect(deliveries.map((d) => [d.endpoint_id, d.status])).toEqual([
          [endpoint.id, "pending"],
        ]);
      }
      expect(await claimDue(subject.store, T0 + 60_000, { limit: 10, leaseMs: 1_000 })).toEqual([]);
      // Paused deliveries must not wake a dispatcher: nothing can be claimed.
      if (subject.store.nextDeliveryDueAt)
        expect(await subject.store.nextDeliveryDueAt()).toBeNull();
    });

    it("disableEndpoint - every event committed while it is disabled is delivered, in order, once it is enabled again", async () => {
      const endpoint = makeEndpoint();
      await subject.store.saveEndpoint(endpoint);
      const created = await createReturn(subject.store);
      const now = T0 + 60_000;
      // Its first event is attempted, then the receiver answers 410 and the endpoint goes.
      const [first] = await claimDue(subject.store, now, { limit: 10 });
      await subject.store.disableEndpoint(endpoint.id, "410 Gone");
      await subject.store.recordDeliveryAttempt({
        deliveryId: first!.delivery.id,
        dispatcherId: "d1",
        attempt: makeDeliveryAttempt(now, 410),
        outcome: { kind: "retry", next_attempt_at: now },
      });
      // Transitions go on while it is disabled.
      const submitted = await advanceReturn(subject.store, created.stored, "submit");
      const approved = await advanceReturn(subject.store, submitted.stored, "approve");
      const other = await createReturn(subject.store);

      await subject.store.saveEndpoint({ ...endpoint, enabled: true, disabled_reason: null });
      const delivered: string[] = [];
      for (let round = 0; round < 10; round++) {
        const claimed = await claimDue(subject.store, now, { limit: 10 });
        if (claimed.length === 0) break;
        for (const c of claimed) {
          delivered.push(c.event.id);
          await subject.store.recordDeliveryAttempt({
            deliveryId: c.delivery.id,
            dispatcherId: "d1",
            attempt: makeDeliveryAttempt(now),
            outcome: { kind: "delivered" },
          });
        }
      }

      const ofReturn = (committed: { events: { id: string }[] }[]) =>
        committed.flatMap((c) => c.events.map((e) => e.id));
      const returnIds = new Set(ofReturn([created, submitted, approved]));
      expect(delivered.filter((id) => returnIds.has(id))).toEqual(
        ofReturn([created, submitted, approved]),
      );
      expect(delivered.filter((id) => !returnIds.has(id))).toEqual(ofReturn([other]));
      expect(await subject.store.listDeliveries({ status: "pending" })).toEqual([]);
    });

    it("disableEndpoint - resumes claims when the endpoint is enabled again", async () => {
      const endpoint = makeEndpoint();
      await subject.store.saveEndpoint(endpoint);
      const { events } = await createReturn(subject.store);
      await subject.store.disableEndpoint(endpoint.id, "paused by the merchant");

      await subject.store.saveEndpoint({ ...endpoint, enabled: true, disabled_reason: null });
      const claimed = await claimDue(subject.store, T0, { limit: 10, leaseMs: 1_000 });

      expect(claimed.map((c) => c.event.id)).toEqual([events[0]!.id]);
    });

    it("removeEndpoint - drops the deliveries a disabled endpoint kept waiting", async () => {
      const endpoint = makeEndpoint();
      await subject.store.saveEndpoint(endpoint);
      await subject.store.disableEndpoint(endpoint.id, "410 Gone");
      const { stored } = await createReturn(subject.store);

      expect(await subject.store.removeEndpoint(endpoint.id)).toBe(true);

      expect(await subject.store.listDeliveries({ returnId: stored.record.id })).toEqual([]);
    });

    it("disableEndpoint - ignores an unknown endpoint", async () => {
      const endpoint = makeEndpoint();
      await subject.store.saveEndpoint(endpoint);

      await subject.store.disableEndpoint("we_unknown", "gone");

      expect(await subject.store.listEndpoints()).toEqual([endpoint]);
    });
  });
}
