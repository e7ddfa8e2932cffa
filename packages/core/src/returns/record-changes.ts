/**
 * @module returns/record-changes — what one event does to a return's record beyond its
 * state: the history entries it appends, the flag it keeps, the details its body carries.
 */
import type { MerchantEvent, ReturnEvent, ReturnState } from "../domain/machine";
import type { Actor } from "../domain/principal";
import { problems } from "../domain/problems";
import {
  EXCHANGE_FOR_MESSAGE,
  type Exchange,
  type HistoryEntry,
  type ReturnData,
  type UpdateReturnInput,
} from "../domain/schemas";
import { unreleased } from "./exchange-release";

/** A parsed event body: every field any event may carry. */
export type EventBody = {
  note?: string;
  reason_code?: HistoryEntry["reason_code"];
  carrier?: string;
  tracking_number?: string;
  condition?: NonNullable<ReturnData["grade"]>["condition"];
  disposition?: NonNullable<ReturnData["grade"]>["disposition"];
  accepted_quantity?: number;
};

/** Appends the history entries of one commit, numbering them after the existing ones. */
export class HistoryBuilder {
  readonly added: HistoryEntry[] = [];
  constructor(
    private readonly existing: readonly HistoryEntry[],
    private readonly at: string,
  ) {}

  add(
    event: HistoryEntry["event"],
    from: ReturnState | null,
    to: ReturnState,
    actor: Actor,
    body: EventBody,
  ) {
    // A literal of the six fields every entry has, so every entry shares one hidden class.
    const entry: HistoryEntry = {
      seq: this.existing.length + this.added.length + 1,
      event,
      from,
      to,
      at: this.at,
      actor: this.sameAsLast(actor) ?? actor,
    };
    if (body.note !== undefined) entry.note = body.note;
    if (body.reason_code !== undefined) entry.reason_code = body.reason_code;
    this.added.push(entry);
  }

  /** The last entry's actor when `actor` is the same caller: one object kept, not one per entry. */
  private sameAsLast(actor: Actor): Actor | undefined {
    const last = (this.added.at(-1) ?? this.existing.at(-1))?.actor;
    if (last?.kind !== actor.kind || last.id !== actor.id) return undefined;
    const [was, is] = [last.on_behalf_of, actor.on_behalf_of];
    return was?.kind === is?.kind && was?.id === is?.id ? last : undefined;
  }

  /** Every entry, in an array of exactly their number (a spread may leave room to grow). */
  all(): HistoryEntry[] {
    return this.existing.concat(this.added);
  }
}

/**
 * `record` as version `version`, written out field by field: every stored version then shares
 * one hidden class, where a chain of spreads can leave each version a class of its own, which
 * costs a held return several times the memory of its fields.
 */
export function nextVersion(
  record: ReturnData,
  version: number,
  updated_at: string,
  history: HistoryEntry[],
): ReturnData {
  return {
    id: record.id,
    object: record.object,
    order_id: record.order_id,
    line: record.line,
    order_line: record.order_line,
    refund: record.refund,
    payouts: record.payouts,
    refunded_amount: record.refunded_amount,
    reason: record.reason,
    resolution: record.resolution,
    exchange: record.exchange,
    state: record.state,
    flagged_from: record.flagged_from,
    grade: record.grade,
    shipment: record.shipment,
    label: record.label,
    tracking: record.tracking,
    customer_id: record.customer_id,
    request_id: record.request_id,
    return_method: record.return_method,
    rma: record.rma,
    version,
    created_at: record.created_at,
    updated_at,
    history,
  };
}

/** The record in its new state; `flagged_from` is set by flag and cleared on leaving flagged. */
export function moveTo(record: ReturnData, from: ReturnState, to: ReturnState): ReturnData {
  const flagged_from = to === "flagged" ? (from === "flagged" ? record.flagged_from : from) : null;
  return { ...record, state: to, flagged_from };
}

/** The fields of the record `event` changes from its (parsed) body, before the state moves. */
export function applyEventBody(
  record: ReturnData,
  event: ReturnEvent,
  body: EventBody,
): ReturnData {
  if (event === "update") return applyDraftPatch(record, body as UpdateReturnInput);
  if (event === "submit" || event === "cancel") return record;
  return applyEventDetails(record, event, body);
}

/** Event bodies that the record keeps: ship stores the shipment, grade the grade. */
function applyEventDetails(record: ReturnData, event: MerchantEvent, body: EventBody): ReturnData {
  if (event === "ship") {
    return {
      ...record,
      shipment: { carrier: body.carrier ?? null, tracking_number: body.tracking_number ?? null },
    };
  }
  if (event === "grade") {
    return {
      ...record,
      grade: {
        condition: body.condition ?? null,
        disposition: body.disposition ?? null,
        accepted_quantity: acceptedQuantity(record, body.accepted_quantity),
      },
    };
  }
  return record;
}

/** The units a grade accepts: all the return holds unless it says fewer; never more (a 400). */
function acceptedQuantity(record: ReturnData, accepted: number | undefined): number {
  const { quantity } = record.line;
  if (accepted === undefined) return quantity;
  if (accepted > quantity) {
    const message = `accepted_quantity may be at most the ${quantity} units the return holds`;
    throw problems.invalidBody(message, [{ path: "accepted_quantity", message }]);
  }
  return accepted;
}

/**
 * Applies a PATCH to a draft. Switching away from EXCHANGE drops the exchange (a patch naming
 * `exchange_for` then is an error). The item a patch names in exchange is only noted here: the
 * order's rules check it against the line's offers and price it (`returns/orders/exchange-choice`).
 */
function applyDraftPatch(record: ReturnData, patch: UpdateReturnInput): ReturnData {
  const resolution = patch.resolution ?? record.resolution;
  const reason = patch.reason ?? record.reason;
  if (resolution !== "EXCHANGE") {
    if (patch.exchange_for) {
      throw problems.invalidBody(EXCHANGE_FOR_MESSAGE.forbidden, [
        { path: "exchange_for", message: EXCHANGE_FOR_MESSAGE.forbidden },
      ]);
    }
    return { ...record, reason, resolution, exchange: null };
  }
  if (patch.exchange_for === undefined) return { ...record, reason, resolution };
  return {
    ...record,
    reason,
    resolution,
    exchange: patch.exchange_for && notedExchange(record, patch.exchange_for.sku),
  };
}

/** An exchange for `sku` as a patch names it, before the order's rules price it. */
function notedExchange(record: ReturnData, sku: string): Exchange {
  const line = { sku, title: null, variant_title: null, image_url: null };
  return {
    kind: "like_for_like",
    lines: [{ ...line, quantity: record.line.quantity, unit_price: null }],
    difference: null,
    bonus_credit: null,
    ...unreleased(record.exchange?.mode ?? "standard"),
  };
}
