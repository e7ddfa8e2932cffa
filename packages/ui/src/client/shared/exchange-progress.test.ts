import { describe, expect, it } from "vitest";
import type { Return } from "../api-schemas";
import { createI18n } from "../i18n";
import { customerExchangeStatus, exchangeMoments, staffExchangeStatus } from "./exchange-progress";

const english = createI18n("en-GB");
const german = createI18n("de-DE");

type Exchange = NonNullable<Return["exchange"]>;

/** A return of a navy jumper exchanged for a red one, €7.00 to pay, as the API gives it. */
function exchanged(exchange: Partial<Exchange>, resolution: Return["resolution"] = "EXCHANGE") {
  return {
    resolution,
    order_line: { currency: "EUR", currency_exponent: 2 } as Return["order_line"],
    exchange: {
      kind: "offer",
      lines: [
        {
          sku: "JUMPER-RED-M",
          title: "Wool jumper",
          variant_title: "Red / M",
          image_url: null,
          quantity: 1,
          unit_price: 6900,
        },
      ],
      difference: { amount: 700, direction: "customer_pays" },
      bonus_credit: 300,
      mode: "standard",
      status: "pending",
      payment: null,
      payment_due_at: null,
      released_at: null,
      order_id: null,
      hold: null,
      ...exchange,
    } as Exchange,
  };
}

const DUE = "2026-12-05T10:00:00.000Z";
const PAID = {
  amount: 700,
  currency: "EUR",
  reference: "pay_77",
  paid_at: "2026-11-29T09:00:00.000Z",
  recorded_at: "2026-11-29T09:00:01.000Z",
  actor: { kind: "merchant", id: "shop" },
} as Exchange["payment"];

describe("exchange progress", () => {
  it("customer - the payment awaited, by when, in English and German", () => {
    const awaiting = exchanged({ status: "awaiting_payment", payment_due_at: DUE });
    expect(customerExchangeStatus(english, awaiting)).toBe(
      "Pay €7.00 by 5 Dec to get Wool jumper (Red / M).",
    );
    expect(customerExchangeStatus(german, awaiting)).toBe(
      "Zahlen Sie 7,00\u00a0€ bis 5. Dez., um Wool jumper (Red / M) zu erhalten.",
    );
  });

  it("customer - a payment that never came: what the return became instead", () => {
    const credit = exchanged({ status: "fallen_back", payment_due_at: DUE }, "STORE_CREDIT");
    expect(customerExchangeStatus(english, credit)).toBe(
      "No payment arrived by 5 Dec: you get store credit instead of Wool jumper (Red / M).",
    );
    const refund = exchanged({ status: "fallen_back", payment_due_at: DUE }, "REFUND");
    expect(customerExchangeStatus(english, refund)).toContain("you get a refund instead");
  });

  it("customer - an instant exchange's hold: held, released on arrival, charged when due", () => {
    const hold = { amount: 5900, currency: "EUR", due_at: DUE, status: "held" } as const;
    const released = (status: "held" | "released" | "due") =>
      exchanged({ status: "released", released_at: PAID!.recorded_at, hold: { ...hold, status } });
    expect(customerExchangeStatus(english, released("held"))).toBe(
      "Sent before your return arrives: €59.00 is held on your card until 5 Dec and released when your return arrives.",
    );
    expect(customerExchangeStatus(english, released("released"))).toBe(
      "Your return arrived: the €59.00 held on your card is released.",
    );
    expect(customerExchangeStatus(english, released("due"))).toBe(
      "Your return did not ship by 5 Dec: the €59.00 held on your card is charged.",
    );
    // A standard exchange, pending or released without a hold, needs no sentence.
    expect(customerExchangeStatus(english, exchanged({}))).toBe(null);
  });

  it("timeline - the payment and the release with the order that ships it", () => {
    const released = exchanged({
      status: "released",
      payment: PAID,
      released_at: "2026-11-30T12:00:00.000Z",
      order_id: "#5201",
    });
    expect(exchangeMoments(english, released).map((moment) => moment.text)).toEqual([
      "€7.00 paid for your exchange",
      "Your new Wool jumper (Red / M) ships with order #5201",
    ]);
    const sent = exchanged({ status: "released", released_at: "2026-11-30T12:00:00.000Z" });
    expect(exchangeMoments(german, sent).map((moment) => moment.text)).toEqual([
      "Ihr neuer Artikel Wool jumper (Red / M) wird verschickt",
    ]);
  });

  it("back office - what happened, in one line", () => {
    expect(
      staffExchangeStatus(english, exchanged({ status: "awaiting_payment", payment_due_at: DUE })),
    ).toBe("Awaiting the customer's €7.00 until 5 Dec");
    const released = exchanged({
      status: "released",
      payment: PAID,
      released_at: "2026-11-30T12:00:00.000Z",
      order_id: "#5201",
      hold: { amount: 5900, currency: "EUR", due_at: DUE, status: "due" },
    });
    expect(staffExchangeStatus(english, released)).toBe(
      "Paid €7.00 (pay_77) · Released 30 Nov · Exchange order #5201 · Hold of €59.00 due since 5 Dec: capture it",
    );
    expect(staffExchangeStatus(english, exchanged({}))).toBe(null);
  });
});
