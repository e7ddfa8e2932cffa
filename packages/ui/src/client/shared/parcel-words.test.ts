import { describe, expect, it } from "vitest";
import type { components } from "../api-types";
import { createI18n } from "../i18n";
import {
  customerTrackingWords,
  labelCostWords,
  labelStatusWords,
  parcelLabel,
  parcelTracking,
  scanWords,
} from "./parcel-words";

type Label = components["schemas"]["Label"];
type Tracking = components["schemas"]["Tracking"];
type Scan = components["schemas"]["TrackingScan"];

const english = createI18n("en-GB");
const german = createI18n("de-DE");
const EUR = { currency: "EUR", currency_exponent: 2 };

function label(fields: Partial<Label>): Label {
  return {
    status: "created",
    carrier: "easypost",
    service: "DHL Paket",
    shipment_id: "shp_1",
    rate_id: "rate_1",
    tracking_number: "00340434161094042557",
    tracking_url: "https://track.example/00340434161094042557",
    label_url: "https://labels.example/1.png",
    qr_code_url: null,
    cost: { amount: 540, currency: "EUR" },
    fee_charged: 495,
    reason: null,
    attempts: 0,
    created_at: "2026-11-27T12:00:00.000Z",
    ...fields,
  };
}

/** Scans at noon UTC, so the day is the same in any time zone the test runs in. */
const scan = (status: Scan["status"], day: number, description: string | null = null): Scan => ({
  provider_event_id: `evt_${status}_${day}`,
  status,
  occurred_at: `2026-11-${day}T12:00:00.000Z`,
  description,
  location: null,
});

function tracking(...events: Scan[]): Tracking {
  const last = events.at(-1)!;
  return { status: last.status, last_event_at: last.occurred_at, events };
}

describe("parcel words", () => {
  it("parcel label - a created label before a pending one, none that cannot be used", () => {
    const created = label({});
    const pending = label({ status: "pending", tracking_number: null });
    expect(parcelLabel([{ label: null }, { label: created }])).toBe(created);
    expect(parcelLabel([{ label: pending }, { label: created }])).toBe(created);
    expect(parcelLabel([{ label: pending }])).toBe(pending);
    expect(parcelLabel([{ label: label({ status: "failed" }) }, { label: null }])).toBe(null);
    expect(parcelLabel([{ label: label({ status: "voided" }) }])).toBe(null);
  });

  it("parcel tracking - the return whose carrier scanned last", () => {
    const older = tracking(scan("in_transit", 27));
    const newer = tracking(scan("in_transit", 27), scan("delivered", 30));
    expect(parcelTracking([{ tracking: older }, { tracking: newer }])).toBe(newer);
    expect(parcelTracking([{ tracking: null }])).toBe(null);
  });

  it("customer tracking - the latest status in words, dated from when it began", () => {
    const moving = tracking(
      scan("label_created", 26),
      scan("in_transit", 28),
      scan("in_transit", 29),
    );
    expect(customerTrackingWords(english, moving)).toBe("In transit since 28 Nov");
    expect(customerTrackingWords(german, moving)).toBe("Unterwegs seit 28. Nov.");
    const arrived = tracking(scan("in_transit", 28), scan("delivered", 30));
    expect(customerTrackingWords(english, arrived)).toBe("Delivered to the shop on 30 Nov");
    const stuck = tracking(scan("in_transit", 28), scan("exception", 29, "Address unreadable"));
    expect(customerTrackingWords(english, stuck)).toBe(
      "A problem with the parcel: Address unreadable",
    );
    expect(customerTrackingWords(english, tracking(scan("exception", 29)))).toBe(
      "A problem with the parcel: the carrier gave no details",
    );
  });

  it("customer tracking - nothing before the carrier moved the parcel", () => {
    expect(customerTrackingWords(english, null)).toBe(null);
    expect(customerTrackingWords(english, tracking(scan("label_created", 26)))).toBe(null);
  });

  it("label status - in the back office's words, in English and German", () => {
    expect(labelStatusWords(english, "needs_staff")).toBe("Needs staff");
    expect(labelStatusWords(german, "failed")).toBe("Fehlgeschlagen");
  });

  it("label cost - what the shop paid beside the fee the return bears", () => {
    expect(labelCostWords(english, label({}), EUR)).toBe("Label €5.40 (charged €4.95)");
    expect(labelCostWords(german, label({}), EUR)).toBe(
      "Etikett 5,40\u00a0€ (berechnet 4,95\u00a0€)",
    );
    // No refund, so no fee: the cost alone, in its own currency's digits.
    const dollars = label({ cost: { amount: 593, currency: "USD" }, fee_charged: null });
    expect(labelCostWords(english, dollars, null)).toBe("Label US$5.93");
    expect(labelCostWords(english, label({ cost: null }), EUR)).toBe(null);
  });

  it("scan - time, status, place and the carrier's words for the back office", () => {
    const sorted = { ...scan("in_transit", 28, "Sorted"), location: "Leipzig" };
    expect(scanWords(english, sorted)).toMatch(
      /^28 Nov 2026, \d{2}:\d{2} · In transit · Leipzig · Sorted$/,
    );
  });
});
