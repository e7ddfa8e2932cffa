/**
 * @module privacy/personal-fields — the one place that knows which fields of a return are
 * personal, and how an erasure replaces them. Read against `ReturnDataSchema` and its parts
 * (`domain/schemas.ts`, `domain/parcel-schemas.ts`): a new personal field is added here, and
 * every erasure (records, history, event payloads, idempotent answers, delivery errors)
 * follows.
 *
 * What stays is what the shop counts and accounts by: skus, sizes, quantities, amounts,
 * states, timestamps, reason codes, payout and payment references, order ids, tracking
 * numbers (the parcel's, not the person's). Tombstones keep each field's type, so an erased
 * record still parses with `ReturnDataSchema`.
 */
import type { Actor } from "../domain/principal";
import type { HistoryEntry, ReturnData } from "../domain/schemas";

/** What an erased free text or personal string reads as. */
export const ERASED = "[erased]";

/** Pseudonyms begin with it: a return whose customer id does is erased already. */
export const PSEUDONYM_PREFIX = "erased_";

/**
 * The personal strings a record holds, for scrubbing copies of it whose shape is unknown
 * (a delivery's error text, a stored answer): the customer id, notes, the order's customer,
 * the shipping address, the label's links and reason, the carrier's scan texts.
 */
export function personalStrings(record: ReturnData): string[] {
  const found = [record.customer_id];
  for (const entry of record.history) if (entry.note) found.push(entry.note);
  const line = record.order_line;
  if (line?.customer) found.push(line.customer.name ?? "", line.customer.email ?? "");
  const address = line?.shipping_address;
  if (address) {
    const { country: _country, ...personal } = address;
    found.push(...Object.values(personal).filter((value) => typeof value === "string"));
  }
  const label = record.label;
  if (label) found.push(label.label_url ?? "", label.qr_code_url ?? "", label.reason ?? "");
  for (const scan of record.tracking?.events ?? []) {
    found.push(scan.description ?? "", scan.location ?? "");
  }
  // Short strings (a state code, "NY") would match everywhere: erased by field only.
  return [...new Set(found)].filter((value) => value.length >= 4);
}

/** The actor with the customer's id replaced, wherever it names them. */
function actorErased(actor: Actor, customerId: string, pseudonym: string): Actor {
  const id = actor.id === customerId ? pseudonym : actor.id;
  const behalf = actor.on_behalf_of;
  if (!behalf) return id === actor.id ? actor : { ...actor, id };
  const onBehalf = behalf.id === customerId ? { ...behalf, id: pseudonym } : behalf;
  return { ...actor, id, on_behalf_of: onBehalf };
}

function entryErased(entry: HistoryEntry, customerId: string, pseudonym: string): HistoryEntry {
  const { note: _note, ...kept } = entry;
  return { ...kept, actor: actorErased(entry.actor, customerId, pseudonym) };
}

/**
 * `record` with every personal field tombstoned and the customer id replaced by `pseudonym`
 * (in `customer_id` and in every actor that names the customer). Version, history length and
 * everything counted stay as they are.
 */
export function eraseRecord(record: ReturnData, pseudonym: string): ReturnData {
  const customerId = record.customer_id;
  const actor = (one: Actor) => actorErased(one, customerId, pseudonym);
  const line = record.order_line;
  const label = record.label;
  const exchange = record.exchange;
  return {
    ...record,
    customer_id: pseudonym,
    history: record.history.map((entry) => entryErased(entry, customerId, pseudonym)),
    order_line: line && {
      ...line,
      customer: line.customer && { name: null, email: null },
      shipping_address: null,
    },
    label: label && {
      ...label,
      label_url: null,
      qr_code_url: null,
      tracking_url: null,
      reason: label.reason === null ? null : ERASED,
    },
    tracking: record.tracking && {
      ...record.tracking,
      events: record.tracking.events.map((scan) => ({
        ...scan,
        description: null,
        location: null,
      })),
    },
    payouts: record.payouts.map((payout) => ({ ...payout, actor: actor(payout.actor) })),
    exchange: exchange && {
      ...exchange,
      payment: exchange.payment && { ...exchange.payment, actor: actor(exchange.payment.actor) },
    },
  };
}

/** How an erasure rewrites the copies of one return's data kept beside the return. */
interface Scrubber {
  /** A JSON value that may hold the return (an event's payload, a stored answer). */
  json(value: unknown): unknown;
  /** Free text that may quote it (a delivery attempt's error). */
  text(value: string): string;
}

/**
 * The scrubber for copies of `original` (the return before its erasure), cutting out `also`
 * too (the personal strings of the customer's other returns, which a copy may quote): a return record
 * found anywhere (`object: "return"`) is erased as `eraseRecord` erases it, a history entry
 * or transition loses its note and its actor's customer id, and any other string has the
 * record's personal strings cut out (the customer id becomes the pseudonym).
 */
export function scrubberFor(
  original: ReturnData,
  pseudonym: string,
  also: readonly string[] = [],
): Scrubber {
  const customerId = original.customer_id;
  const strings = [...new Set([...personalStrings(original), ...also])].filter(
    (value) => value !== customerId,
  );
  const text = (value: string): string => {
    if (value === customerId) return pseudonym;
    let out = value;
    for (const personal of strings) out = out.split(personal).join(ERASED);
    return out.split(customerId).join(pseudonym);
  };
  const json = (value: unknown): unknown => {
    if (typeof value === "string") return text(value);
    if (Array.isArray(value)) return value.map(json);
    if (value === null || typeof value !== "object") return value;
    const object = value as Record<string, unknown>;
    if (object.object === "return" && typeof object.customer_id === "string") {
      return eraseRecord(object as unknown as ReturnData, pseudonym);
    }
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(object)) {
      if (key === "note" && typeof member === "string") continue;
      out[key] = json(member);
    }
    return out;
  };
  return { json, text };
}

/** A new pseudonym: random, never derived from the id it replaces, and no mapping kept. */
export function newPseudonym(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return PSEUDONYM_PREFIX + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
