import { runCarrierConformance } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import { CarrierError } from "./carrier-error";
import { manualCarrier } from "./manual";

runCarrierConformance({ name: "manual", create: () => manualCarrier() });

describe("manualCarrier().staffEvent", () => {
  const entry = {
    tracking_number: " 1Z999AA10123456784 ",
    status: "delivered" as const,
    occurred_at: "2026-03-02T10:15:00+01:00",
    carrier: "UPS",
    location: "Berlin, DE",
  };

  it("turns what staff entered into a canonical event at the scan time, in UTC", () => {
    expect(manualCarrier().staffEvent(entry)).toEqual({
      carrier: "UPS",
      provider_event_id: "manual:1Z999AA10123456784:delivered:2026-03-02T09:15:00.000Z",
      tracking_number: "1Z999AA10123456784",
      status: "delivered",
      occurred_at: "2026-03-02T09:15:00.000Z",
      location: "Berlin, DE",
    });
  });

  it("gives the same entry made twice the same event id, and another scan another", () => {
    const carrier = manualCarrier();
    expect(carrier.staffEvent(entry).provider_event_id).toBe(
      carrier.staffEvent({ ...entry }).provider_event_id,
    );
    expect(carrier.staffEvent({ ...entry, status: "in_transit" }).provider_event_id).not.toBe(
      carrier.staffEvent(entry).provider_event_id,
    );
  });

  it.each([
    [{ tracking_number: "  " }, "tracking_number is required"],
    [{ status: "lost" }, "status is not one of"],
    [{ occurred_at: "2026-03-02 10:15" }, "occurred_at is not an ISO 8601 time"],
    [{ occurred_at: "2026-02-30T10:15:00Z" }, "occurred_at is not an ISO 8601 time"],
  ])("refuses %o as an invalid request", (change, message) => {
    const attempt = () => manualCarrier().staffEvent({ ...entry, ...change } as typeof entry);
    expect(attempt).toThrow(CarrierError);
    expect(attempt).toThrow(message);
  });
});
