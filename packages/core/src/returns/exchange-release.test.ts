/**
 * The exchange's release rules, pure: what each transition, payment, order and deadline
 * changes of a return's exchange, and what it publishes and schedules.
 */
import { iso, makeStoredReturn, T0 } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import type { ReturnEvent, ReturnState } from "../domain/machine";
import { isProblemError, type ProblemError } from "../domain/problems";
import { parseRefundPolicy } from "../domain/refunds";
import type { Exchange, ReturnData } from "../domain/schemas";
import {
  exchangeAfterTransition,
  HOLD_DUE_TIMER,
  holdDeadlinePassed,
  PAYMENT_DUE_TIMER,
  paymentLapsed,
  recordOrder,
  recordPayment,
  STANDARD_RELEASE,
  unreleased,
} from "./exchange-release";

const AT = iso(T0);
const POLICY = parseRefundPolicy();
const DAY = 86_400_000;
const staff = { kind: "merchant" as const, id: "staff-1" };
const INSTANT = { ...STANDARD_RELEASE, instant: { holdDays: 14 } };

/** A return of 2 units at €29.00 in `state`, exchanged with `difference` (signed: > 0 owed). */
function exchangeReturn(
  state: ReturnState,
  signed: number,
  exchange: Partial<Exchange> = {},
): ReturnData {
  const { record } = makeStoredReturn({ state, line: { sku: "TEE", quantity: 2, size: "M" } });
  return {
    ...record,
    order_line: { unit_price: 2_900, currency: "EUR" } as ReturnData["order_line"],
    exchange: {
      kind: "offer",
      lines: [
        {
          sku: "TEE-L",
          title: null,
          variant_title: null,
          image_url: null,
          quantity: 2,
          unit_price: 3_400,
        },
      ],
      difference: {
        amount: Math.abs(signed),
        direction: signed > 0 ? "customer_pays" : "shop_refunds",
      },
      bonus_credit: null,
      ...unreleased("standard"),
      ...exchange,
    },
  };
}

function refusal(run: () => unknown): ProblemError {
  try {
    run();
  } catch (error) {
    if (isProblemError(error)) return error;
    throw error;
  }
  throw new Error("expected a problem");
}

const transitioned = (record: ReturnData, events: ReturnEvent[], settings = STANDARD_RELEASE) =>
  exchangeAfterTransition(record, events, AT, settings);

describe("exchangeAfterTransition", () => {
  it("approve - a difference the customer owes is awaited until paymentDays later", () => {
    const step = transitioned(exchangeReturn("approved", 1_000), ["approve"]);
    const due = T0 + 7 * DAY;
    expect(step.record.exchange).toMatchObject({
      status: "awaiting_payment",
      payment_due_at: iso(due),
    });
    expect(step.timers).toEqual({ set: [{ name: PAYMENT_DUE_TIMER, due_at: due }] });
    expect(step.events).toEqual([]);
  });

  it("approve - a standard exchange owing nothing stays pending until receipt", () => {
    const step = transitioned(exchangeReturn("approved", -500), ["approve"]);
    expect(step.record.exchange?.status).toBe("pending");
    expect(step.events).toEqual([]);
    const received = transitioned(exchangeReturn("received", -500), ["receive"]);
    expect(received.record.exchange).toMatchObject({
      status: "released",
      released_at: AT,
      hold: null,
    });
    expect(received.events.map((event) => event.type)).toEqual(["return.exchange_released"]);
    expect(received.events[0]?.data).toMatchObject({
      difference: { amount: 500, direction: "shop_refunds" },
    });
  });

  it("submit then auto-approve - an instant exchange is released with a hold of the price paid", () => {
    const record = exchangeReturn("approved", 0, { mode: "instant" });
    const step = transitioned(record, ["submit", "approve"], INSTANT);
    const hold = { amount: 5_800, currency: "EUR", due_at: iso(T0 + 14 * DAY), status: "held" };
    expect(step.record.exchange).toMatchObject({ status: "released", released_at: AT, hold });
    expect(step.events).toEqual([
      {
        type: "return.exchange_released",
        data: { lines: record.exchange?.lines, difference: record.exchange?.difference, hold },
      },
    ]);
    expect(step.timers).toEqual({ set: [{ name: HOLD_DUE_TIMER, due_at: T0 + 14 * DAY }] });
  });

  it("receive - an instant exchange's hold is released and its timer cleared", () => {
    const held = transitioned(
      exchangeReturn("approved", 0, { mode: "instant" }),
      ["approve"],
      INSTANT,
    );
    const step = transitioned({ ...held.record, state: "received" }, ["receive"], INSTANT);
    expect(step.record.exchange?.hold?.status).toBe("released");
    expect(step.events.map((event) => event.type)).toEqual(["return.exchange_hold_released"]);
    expect(step.timers).toEqual({ clear: [HOLD_DUE_TIMER] });
  });

  it("reject, cancel - an exchange not released is withdrawn, never released later", () => {
    for (const event of ["reject", "cancel"] as const) {
      const awaiting = transitioned(exchangeReturn("approved", 1_000), ["approve"]).record;
      const step = transitioned({ ...awaiting, state: "rejected" }, [event]);
      expect(step.record.exchange?.status).toBe("withdrawn");
      expect(step.timers).toEqual({ clear: [PAYMENT_DUE_TIMER] });
      expect(transitioned(step.record, ["receive"]).events).toEqual([]);
    }
  });

  it("cancel - a released instant exchange's hold falls due at once", () => {
    const held = transitioned(
      exchangeReturn("approved", 0, { mode: "instant" }),
      ["approve"],
      INSTANT,
    );
    const step = transitioned({ ...held.record, state: "cancelled" }, ["cancel"], INSTANT);
    expect(step.record.exchange?.hold?.status).toBe("due");
    expect(step.events.map((event) => event.type)).toEqual(["return.exchange_hold_due"]);
    expect(step.timers).toEqual({ clear: [HOLD_DUE_TIMER] });
  });

  it("a return that is no exchange changes nothing", () => {
    const record = { ...exchangeReturn("approved", 0), resolution: "REFUND" as const };
    expect(transitioned(record, ["approve"])).toEqual({ record, events: [], timers: {} });
  });
});

describe("recordPayment", () => {
  const payment = { amount: 1_000, reference: "pi_1" };

  it("recordPayment - paid before receipt, a standard exchange waits for the return", () => {
    const awaiting = transitioned(exchangeReturn("approved", 1_000), ["approve"]).record;
    const step = recordPayment(awaiting, payment, staff, AT, STANDARD_RELEASE);
    expect(step?.record.exchange).toMatchObject({
      status: "pending",
      payment: { amount: 1_000, currency: "EUR", reference: "pi_1", paid_at: AT, actor: staff },
      payment_due_at: null,
    });
    expect(step?.events.map((event) => event.type)).toEqual(["return.exchange_paid"]);
    expect(step?.timers).toEqual({ clear: [PAYMENT_DUE_TIMER] });
    const received = transitioned({ ...step!.record, state: "received" }, ["receive"]);
    expect(received.record.exchange?.status).toBe("released");
  });

  it("recordPayment - paid after receipt, the exchange is released at the payment", () => {
    const awaiting = transitioned(exchangeReturn("approved", 1_000), ["approve"]).record;
    const received = transitioned({ ...awaiting, state: "received" }, ["receive"]).record;
    expect(received.exchange?.status).toBe("awaiting_payment");
    const step = recordPayment(received, payment, staff, AT, STANDARD_RELEASE);
    expect(step?.record.exchange?.status).toBe("released");
    expect(step?.events.map((event) => event.type)).toEqual([
      "return.exchange_paid",
      "return.exchange_released",
    ]);
  });

  it("recordPayment - an instant exchange is released at the payment, with its hold", () => {
    const record = exchangeReturn("approved", 1_000, { mode: "instant" });
    const awaiting = transitioned(record, ["approve"], INSTANT).record;
    const step = recordPayment(awaiting, payment, staff, AT, INSTANT);
    expect(step?.record.exchange).toMatchObject({ status: "released", hold: { status: "held" } });
    expect(step?.timers).toEqual({
      set: [{ name: HOLD_DUE_TIMER, due_at: T0 + 14 * DAY }],
      clear: [PAYMENT_DUE_TIMER],
    });
  });

  it("recordPayment - the same reference again records nothing; another is a 409", () => {
    const awaiting = transitioned(exchangeReturn("approved", 1_000), ["approve"]).record;
    const paid = recordPayment(awaiting, payment, staff, AT, STANDARD_RELEASE)!.record;
    expect(recordPayment(paid, payment, staff, AT, STANDARD_RELEASE)).toBeNull();
    const other = refusal(() =>
      recordPayment(paid, { amount: 1_000, reference: "pi_2" }, staff, AT, STANDARD_RELEASE),
    );
    expect(other).toMatchObject({ status: 409, slug: "exchange-payment-conflict" });
  });

  it("recordPayment - another amount or currency than the difference is a 422", () => {
    const awaiting = transitioned(exchangeReturn("approved", 1_000), ["approve"]).record;
    for (const wrong of [{ amount: 999 }, { amount: 1_000, currency: "USD" }]) {
      const problem = refusal(() =>
        recordPayment(awaiting, { ...wrong, reference: "pi_1" }, staff, AT, STANDARD_RELEASE),
      );
      expect(problem).toMatchObject({ status: 422, slug: "exchange-payment-mismatch" });
      expect(problem.toJSON()).toMatchObject({ amount: 1_000, currency: "EUR" });
    }
  });

  it("recordPayment - the mismatch says both amounts in decimals; an unknown currency in minor units", () => {
    const awaiting = transitioned(exchangeReturn("approved", 1_000), ["approve"]).record;
    const detail = (payment: { amount: number; currency?: string }) =>
      refusal(() =>
        recordPayment(awaiting, { ...payment, reference: "pi_1" }, staff, AT, STANDARD_RELEASE),
      ).toJSON().detail;
    expect(detail({ amount: 999 })).toContain("owes 10.00 EUR; a payment of 9.99 EUR cannot");
    expect(detail({ amount: 1_000, currency: "JPY" })).toContain("a payment of 1000 JPY cannot");
    expect(detail({ amount: 1_000, currency: "XYZ" })).toContain(
      "a payment of 1000 XYZ (minor units) cannot",
    );
  });

  it("recordPayment - nothing owed, no exchange, or a withdrawn one is a 409", () => {
    const owesNothing = exchangeReturn("approved", -500);
    const refund = { ...exchangeReturn("approved", 0), exchange: null };
    const withdrawn = exchangeReturn("rejected", 1_000, { status: "withdrawn" });
    const why = (record: ReturnData) =>
      refusal(() => recordPayment(record, payment, staff, AT, STANDARD_RELEASE)).toJSON();
    expect(why(owesNothing)).toMatchObject({ status: 409, exchange_refusal: "nothing-owed" });
    expect(why(refund)).toMatchObject({ status: 409, exchange_refusal: "no-exchange" });
    expect(why(withdrawn)).toMatchObject({ status: 409, exchange_refusal: "withdrawn" });
    // A draft's exchange may still be chosen again: a payment recorded on it could be lost.
    expect(why(exchangeReturn("draft", 1_000))).toMatchObject({
      status: 409,
      exchange_refusal: "draft",
    });
  });
});

describe("recordOrder", () => {
  it("recordOrder - once released; the same order again records nothing, another is a 409", () => {
    const pending = exchangeReturn("approved", 0);
    expect(refusal(() => recordOrder(pending, { order_id: "ord_9" }))).toMatchObject({
      status: 409,
      slug: "exchange-not-released",
    });
    const released = transitioned({ ...pending, state: "received" }, ["receive"]).record;
    const step = recordOrder(released, { order_id: "ord_9" });
    expect(step?.record.exchange?.order_id).toBe("ord_9");
    expect(step?.events).toEqual([
      { type: "return.exchange_order_recorded", data: { order_id: "ord_9" } },
    ]);
    expect(recordOrder(step!.record, { order_id: "ord_9" })).toBeNull();
    expect(refusal(() => recordOrder(step!.record, { order_id: "ord_10" }))).toMatchObject({
      status: 409,
      slug: "exchange-order-conflict",
    });
  });
});

describe("deadlines", () => {
  it("paymentLapsed - an exchange still awaiting its payment falls back to whenUnpaid", () => {
    const awaiting = transitioned(exchangeReturn("approved", 1_000), ["approve"]).record;
    const credit = paymentLapsed(awaiting, STANDARD_RELEASE, POLICY);
    expect(credit?.record).toMatchObject({
      resolution: "STORE_CREDIT",
      exchange: { status: "fallen_back" },
      refund: { method: "store_credit", total: 5_800 },
    });
    expect(credit?.events).toEqual([
      { type: "return.exchange_fallen_back", data: { resolution: "STORE_CREDIT" } },
    ]);
    const refund = { ...STANDARD_RELEASE, whenUnpaid: "refund" as const };
    expect(paymentLapsed(awaiting, refund, POLICY)?.record.resolution).toBe("REFUND");
  });

  it("paymentLapsed - nothing once paid", () => {
    const awaiting = transitioned(exchangeReturn("approved", 1_000), ["approve"]).record;
    const paid = recordPayment(
      awaiting,
      { amount: 1_000, reference: "pi_1" },
      staff,
      AT,
      STANDARD_RELEASE,
    )!;
    expect(paymentLapsed(paid.record, STANDARD_RELEASE, POLICY)).toBeNull();
  });

  it("holdDeadlinePassed - due while not shipped (flagged while approved too), else nothing", () => {
    const held = transitioned(
      exchangeReturn("approved", 0, { mode: "instant" }),
      ["approve"],
      INSTANT,
    ).record;
    expect(holdDeadlinePassed(held)?.record.exchange?.hold?.status).toBe("due");
    expect(holdDeadlinePassed(held)?.events.map((event) => event.type)).toEqual([
      "return.exchange_hold_due",
    ]);
    const flagged = { ...held, state: "flagged" as const, flagged_from: "approved" as const };
    expect(holdDeadlinePassed(flagged)?.record.exchange?.hold?.status).toBe("due");
    expect(holdDeadlinePassed({ ...held, state: "in_transit" })).toBeNull();
    const due = holdDeadlinePassed(held)!.record;
    expect(holdDeadlinePassed(due)).toBeNull();
  });
});
