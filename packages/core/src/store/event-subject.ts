/**
 * @module store/event-subject — what an outbox event is about, worked out once for every store
 * from the event as the service hands it over (see `OutboxEventInput.subject`).
 */
import type { EventSubject, OutboxEventInput } from "./types";

/**
 * The event's subject: its `subject`, or the return `return_id` when it names none. Throws a
 * `TypeError` on an event whose `return_id` and `subject` disagree (a programming error, which
 * the contract lets a store refuse).
 */
export function subjectOf(
  event: Pick<OutboxEventInput, "id" | "return_id" | "subject">,
): EventSubject {
  const { subject, return_id: returnId } = event;
  if (!subject) {
    if (returnId === null)
      throw new TypeError(`event ${event.id} names neither a return nor a subject`);
    return { kind: "return", id: returnId };
  }
  const expected = subject.kind === "return" ? subject.id : null;
  if (returnId !== expected) {
    throw new TypeError(
      `event ${event.id} is about ${subject.kind} ${subject.id} but names return ${returnId}`,
    );
  }
  return { kind: subject.kind, id: subject.id };
}

/** One string per subject, for maps and queues keyed by it. */
export function subjectKey(subject: EventSubject): string {
  return `${subject.kind}\u0000${subject.id}`;
}
