/**
 * @module testing/cases/event-subjects — events that record no transition, and events about a
 * customer: stored with their subject, ordered per (subject, endpoint) with the subject's other
 * events, and claimed, retried, revived and listed like every other delivery.
 */
import type { OutboxEventInput, ReturnsStore } from "@returnkit/core/store";
import { describe, expect, it } from "vitest";
import {
  advanceStoredReturn,
  makeCustomerEvent,
  makeDeliveryAttempt,
  makeEndpoint,
  makeOutboxEvent,
  makeRecordedEvent,
  recordedVersion,
  T0,
} from "../fixtures";
import {
  advanceReturn,
  claimDue,
  createReturn,
  deliverAllDue,
  releaseClaimed,
  type StoreSubject,
} from "../subject";

const LATER = T0 + 3_600_000;

/** The events a commit of only `events` (about customers) stored, failing loudly if refused. */
async function appendAlone(store: ReturnsStore, events: OutboxEventInput[]) {
  const result = await store.commitMany({ changes: [], events });
  if (!result.ok) throw new Error(`commitMany of events alone refused: ${result.reason}`);
  return result.appended;
}

export function describeEventSubjects(subject: StoreSubject): void {
  describe("event subjects", () => {
    it("commit - an event with no transition is about its return: seq null, subject the return", async () => {
      const { stored } = await createReturn(subject.store);
      const next = advanceStoredReturn(stored, "submit");
      const recorded = makeRecordedEvent(next);

      const result = await subject.store.commit({
        next,
        expectedVersion: 1,
        events: [makeOutboxEvent(next), recorded],
      });

      if (!result.ok) throw new Error(`commit failed: ${result.reason}`);
      const expected = {
        return_id: next.record.id,
        subject: { kind: "return", id: next.record.id },
      };
      expect(result.events[1]).toMatchObject({ ...expected, id: recorded.id, seq: null });
      const listed = await subject.store.listEvents(next.record.id);
      expect(listed.map((event) => event.id)).toEqual([
        ...listed.slice(0, 2).map((event) => event.id),
        recorded.id,
      ]);
      expect(listed[2]).toEqual(result.events[1]);
    });

    it("claimDeliveries - an event with no transition reaches an endpoint after its return's earlier events and before its later ones", async () => {
      await subject.store.saveEndpoint(makeEndpoint());
      const created = await createReturn(subject.store);
      const submitted = await advanceReturn(subject.store, created.stored, "submit");
      const next = recordedVersion(submitted.stored);
      const noted = await subject.store.commit({
        next,
        expectedVersion: next.record.version - 1,
        events: [makeRecordedEvent(next)],
      });
      const approved = await advanceReturn(subject.store, next, "approve");
      if (!noted.ok) throw new Error(`commit failed: ${noted.reason}`);

      const delivered = await deliverAllDue(subject.store, LATER);

      expect(delivered.map((one) => one.event.id)).toEqual([
        created.events[0]!.id,
        submitted.events[0]!.id,
        noted.events[0]!.id,
        approved.events[0]!.id,
      ]);
      expect(delivered[2]!.delivery).toMatchObject({
        return_id: next.record.id,
        subject: { kind: "return", id: next.record.id },
      });
    });

    it("commitMany - events about a customer alone: stored with their subject and no return", async () => {
      const endpoint = makeEndpoint();
      await subject.store.saveEndpoint(endpoint);
      const input = makeCustomerEvent("cus_7");

      const [stored] = await appendAlone(subject.store, [input]);

      expect(stored).toMatchObject({
        id: input.id,
        return_id: null,
        subject: { kind: "customer", id: "cus_7" },
        seq: null,
        type: input.type,
        payload: input.payload,
      });
      const deliveries = await subject.store.listDeliveries({ eventId: input.id });
      expect(deliveries).toEqual([
        expect.objectContaining({
          endpoint_id: endpoint.id,
          return_id: null,
          subject: { kind: "customer", id: "cus_7" },
          status: "pending",
        }),
      ]);
    });

    it("claimDeliveries - a customer's events reach an endpoint in order, apart from other customers' and from returns'", async () => {
      await subject.store.saveEndpoint(makeEndpoint());
      const [first] = await appendAlone(subject.store, [makeCustomerEvent("cus_7")]);
      const [other] = await appendAlone(subject.store, [makeCustomerEvent("cus_8")]);
      const [second, third] = await appendAlone(subject.store, [
        makeCustomerEvent("cus_7"),
        makeCustomerEvent("cus_7"),
      ]);
      const created = await createReturn(subject.store, { customer_id: "cus_7" });

      const heads = await claimDue(subject.store, LATER);
      await releaseClaimed(subject.store, heads, LATER);
      const delivered = await deliverAllDue(subject.store, LATER);

      // The heads: the first event of each customer, and the return's (a subject of its own).
      expect(heads.map((one) => one.event.id).sort()).toEqual(
        [first!.id, other!.id, created.events[0]!.id].sort(),
      );
      const ofCustomer = [...heads, ...delivered]
        .filter((one) => one.delivery.subject.kind === "customer")
        .filter((one) => one.delivery.subject.id === "cus_7");
      expect(ofCustomer.map((one) => one.event.id)).toEqual([first!.id, second!.id, third!.id]);
    });

    it("listDeliveries - by subject lists that subject's only; by returnId, never a customer's", async () => {
      await subject.store.saveEndpoint(makeEndpoint());
      const created = await createReturn(subject.store, { customer_id: "cus_7" });
      const [about] = await appendAlone(subject.store, [
        makeCustomerEvent(created.stored.record.id),
      ]);

      const ofCustomer = await subject.store.listDeliveries({
        subject: { kind: "customer", id: created.stored.record.id },
      });
      const ofReturn = await subject.store.listDeliveries({ returnId: created.stored.record.id });
      const ofReturnSubject = await subject.store.listDeliveries({
        subject: { kind: "return", id: created.stored.record.id },
      });

      // A customer whose id is spelled like the return's id is still another subject.
      expect(ofCustomer.map((delivery) => delivery.event_id)).toEqual([about!.id]);
      expect(ofReturn.map((delivery) => delivery.event_id)).toEqual([created.events[0]!.id]);
      expect(ofReturnSubject).toEqual(ofReturn);
      expect(await subject.store.listEvents(created.stored.record.id)).toEqual(created.events);
    });

    it("commitMany - a refused change writes none of the commit's own events", async () => {
      await subject.store.saveEndpoint(makeEndpoint());
      const { stored } = await createReturn(subject.store);
      // Another commit moves the return on first: the change below is computed from version 1.
      await advanceReturn(subject.store, stored, "cancel");
      const next = advanceStoredReturn(stored, "submit");
      const input = makeCustomerEvent("cus_7");

      const result = await subject.store.commitMany({
        changes: [{ next, expectedVersion: 1, events: [makeOutboxEvent(next)] }],
        events: [input],
      });

      expect(result).toMatchObject({ ok: false, reason: "version_conflict" });
      expect(await subject.store.listDeliveries({ eventId: input.id })).toEqual([]);
    });

    it("commitMany - events alone record a key's first use, and the key again writes nothing", async () => {
      const idempotency = {
        key: "merchant:staff-1:POST:/v1/erasures:k1",
        fingerprint: "fp",
        response: { status: 202, body: { ok: true }, headers: {} },
        now: T0,
        expiresAt: T0 + 86_400_000,
      };
      await subject.store.saveEndpoint(makeEndpoint());
      const first = makeCustomerEvent("cus_7");
      const again = makeCustomerEvent("cus_7");

      const one = await subject.store.commitMany({ changes: [], events: [first], idempotency });
      const two = await subject.store.commitMany({ changes: [], events: [again], idempotency });

      expect(one.ok).toBe(true);
      expect(two).toMatchObject({ ok: false, reason: "idempotency_conflict" });
      expect(await subject.store.listDeliveries({ eventId: again.id })).toEqual([]);
    });

    it("redeliver - a customer's dead delivery is revived and claimed again before its later events", async () => {
      await subject.store.saveEndpoint(makeEndpoint());
      const [first] = await appendAlone(subject.store, [makeCustomerEvent("cus_7")]);
      const [head] = await claimDue(subject.store, LATER);
      await subject.store.recordDeliveryAttempt({
        deliveryId: head!.delivery.id,
        dispatcherId: "d1",
        attempt: makeDeliveryAttempt(LATER, 500),
        outcome: { kind: "dead" },
      });
      const [second] = await appendAlone(subject.store, [makeCustomerEvent("cus_7")]);

      const revived = await subject.store.redeliver({ eventId: first!.id, now: LATER });
      const delivered = await deliverAllDue(subject.store, LATER);

      expect(revived).toEqual({ revived: 1, skipped: 0 });
      expect(delivered.map((one) => one.event.id)).toEqual([first!.id, second!.id]);
      expect(delivered[0]!.event).toEqual(first);
    });
  });
}
