/**
 * @module store/memory/held-events — the memory store's events, as compact as they can be held.
 *
 * A payload that only wraps a return and its transition in the event's own type and time (what
 * the service writes for every event but fit signals) is held as those two references and gets
 * its wrappers back on read: two objects less per event for as long as the store keeps it. Any
 * other payload is held whole. Reads build new frozen events, equal to what was appended.
 */
import { deepFreeze } from "../../util/deep-freeze";
import { subjectOf } from "../event-subject";
import type { EventSubject, OutboxEvent, OutboxEventInput, WebhookPayload } from "../types";

interface HeldEvent {
  id: string;
  return_id: string | null;
  subject: EventSubject;
  seq: number | null;
  type: OutboxEvent["type"];
  created_at: string;
  position: number;
  /** The payload's `data.return` and `data.transition`, when that is all it holds. */
  record: unknown;
  transition: unknown;
  /** The request id and traceparent, or null when both are (one field, not two). */
  origin: Readonly<Pick<OutboxEvent, "request_id" | "traceparent">> | null;
}

export class HeldEvents {
  private readonly byId = new Map<string, HeldEvent>();
  /** Each return's events in commit order, in arrays of exactly their number. */
  private readonly byReturn = new Map<string, HeldEvent[]>();
  /** Payloads that are not just their data wrapped in the event's type and time. */
  private readonly wholePayloads = new Map<string, WebhookPayload>();

  /** The origin of the event added last: a commit's events share theirs. */
  private lastOrigin: HeldEvent["origin"] = null;

  /** Holds a (frozen) event at `position`; returns it as read back. */
  add(input: OutboxEventInput, position: number): OutboxEvent {
    const { id, return_id, seq, type, payload, created_at } = input;
    // Checked on every event; one object per return, kept by its first event.
    const checked = subjectOf(input);
    const earlier = return_id === null ? undefined : this.byReturn.get(return_id)?.[0];
    const subject = earlier?.subject ?? Object.freeze(checked);
    const { return: record, transition } = payload.data;
    const request_id = input.request_id ?? null;
    const traceparent = input.traceparent ?? null;
    const origin = this.originOf(request_id, traceparent);
    const held: HeldEvent = {
      id,
      return_id,
      subject,
      seq,
      type,
      created_at,
      position,
      record,
      transition,
      origin,
    };
    if (!isWrapperOnly(input)) this.wholePayloads.set(id, payload);
    this.byId.set(id, Object.freeze(held));
    if (return_id !== null)
      this.byReturn.set(return_id, (this.byReturn.get(return_id) ?? []).concat(held));
    // As `read` would build it, but around the appended payload: one object, not three.
    return outboxEvent(held, payload);
  }

  private originOf(request_id: string | null, traceparent: string | null): HeldEvent["origin"] {
    if (request_id === null && traceparent === null) return null;
    const last = this.lastOrigin;
    if (last?.request_id === request_id && last.traceparent === traceparent) return last;
    this.lastOrigin = Object.freeze({ request_id, traceparent });
    return this.lastOrigin;
  }

  get(id: string): OutboxEvent | undefined {
    const held = this.byId.get(id);
    return held && this.read(held);
  }

  ofReturn(returnId: string): OutboxEvent[] {
    return (this.byReturn.get(returnId) ?? []).map((held) => this.read(held));
  }

  /** Every event held, oldest first, with what retention needs of it (removing while iterating is fine). */
  *all(): Iterable<Pick<OutboxEvent, "id" | "return_id" | "created_at">> {
    yield* this.byId.values();
  }

  /**
   * Replaces the payload of each of `returnId`'s events with `rewrite(payload)`, held whole
   * (the old record and transition dropped); answers their ids.
   */
  rewriteOfReturn(returnId: string, rewrite: (payload: unknown) => unknown): string[] {
    const held = (this.byReturn.get(returnId) ?? []).map((event) => {
      const payload = rewrite(this.read(event).payload) as WebhookPayload;
      this.wholePayloads.set(event.id, deepFreeze(payload));
      const bare = Object.freeze({ ...event, record: undefined, transition: undefined });
      this.byId.set(event.id, bare);
      return bare;
    });
    if (held.length > 0) this.byReturn.set(returnId, held);
    return held.map((event) => event.id);
  }

  remove(id: string): void {
    const held = this.byId.get(id);
    if (!held) return;
    this.byId.delete(id);
    this.wholePayloads.delete(id);
    if (held.return_id === null) return;
    const rest = (this.byReturn.get(held.return_id) ?? []).filter((other) => other !== held);
    if (rest.length === 0) this.byReturn.delete(held.return_id);
    else this.byReturn.set(held.return_id, rest);
  }

  private read(held: HeldEvent): OutboxEvent {
    const { id, type, created_at, record, transition } = held;
    const data = Object.freeze({ return: record, transition });
    const payload =
      this.wholePayloads.get(id) ?? Object.freeze({ type, timestamp: created_at, data });
    return outboxEvent(held, payload);
  }
}

/** The frozen event `held` stands for, around `payload`. */
function outboxEvent(held: HeldEvent, payload: WebhookPayload): OutboxEvent {
  const { id, return_id, subject, seq, type, created_at, position, origin } = held;
  const request_id = origin?.request_id ?? null;
  const traceparent = origin?.traceparent ?? null;
  return Object.freeze({
    id,
    return_id,
    subject,
    seq,
    type,
    payload,
    created_at,
    request_id,
    traceparent,
    position,
  });
}

function isWrapperOnly({ type, created_at, payload }: OutboxEventInput): boolean {
  return (
    payload.type === type &&
    payload.timestamp === created_at &&
    sameKeys(payload, ["type", "timestamp", "data"]) &&
    sameKeys(payload.data, ["return", "transition"])
  );
}

function sameKeys(value: object, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && own.every((key, i) => key === keys[i]);
}
