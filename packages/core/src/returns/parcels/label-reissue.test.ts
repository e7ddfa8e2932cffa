/**
 * Reissuing a parcel's label, on the memory store, with a tiny in-test carrier that sells a new
 * shipment each time and remembers what it voided (the real adapter's buy and void are
 * `packages/carrier-easypost`'s tests, against its stand-in).
 */
import { describe, expect, it } from "vitest";
import type { Carrier, PreparedLabel, VoidOutcome } from "../../carriers/carrier";
import { CarrierError } from "../../carriers/carrier-error";
import { ProblemError } from "../../domain/problems";
import { LABEL_DUE, LABEL_VOID } from "./parcel-timer-names";
import { parcelService, staff } from "./test-support/parcel-service";

/** Sells `shp_1`, `shp_2`, … (or refuses to buy while `refuseBuys`); voids as `voids` says. */
function sellingCarrier(options: { refuseBuys?: boolean; voids?: () => Promise<VoidOutcome> }) {
  let shipments = 0;
  const voided: string[] = [];
  const keys: string[] = [];
  const carrier: Carrier = {
    name: "selling",
    capabilities: { labels: true, webhooks: false },
    prepareLabel: async (request): Promise<PreparedLabel> => {
      shipments++;
      keys.push(request.idempotency_key);
      return {
        carrier: "selling",
        shipment_id: `shp_${shipments}`,
        rate_id: `rate_${shipments}`,
        service: "Ground",
        quoted_cost: { amount: 795, currency: "USD" },
        paperless: false,
      };
    },
    buyLabel: async (prepared) => {
      if (options.refuseBuys) throw new CarrierError("refused", "Address not deliverable");
      const n = prepared.shipment_id.slice(4);
      return {
        kind: "bought",
        label: {
          carrier: "selling",
          service: "Ground",
          shipment_id: prepared.shipment_id,
          tracking_number: `TRK${n}`,
          tracking_url: `https://track.example/TRK${n}`,
          label_url: `https://labels.example/${n}.pdf`,
          cost: { amount: 795, currency: "USD" },
        },
      };
    },
    voidLabel: async (shipment) => {
      voided.push(shipment);
      return options.voids ? options.voids() : { kind: "voided" };
    },
    parseTrackingEvent: async () => ({ ok: false, reason: "unsupported" }),
  };
  return { carrier, voided, keys, refuse: (on: boolean) => (options.refuseBuys = on) };
}

const as = (key: string) => ({ principal: staff, idempotencyKey: key });

/** Fires due timers until none is left due (the job's phases, the void). */
async function settle(service: { scheduler: { fireDue(): Promise<unknown> } }) {
  for (let i = 0; i < 6; i++) await service.scheduler.fireDue();
}

describe("label reissue", () => {
  it("reissue - a bought label of a request's parcel: a new one for both returns, the old voided", async () => {
    const seller = sellingCarrier({});
    const { service, approvedRequest, record, store } = parcelService({ carrier: seller.carrier });
    const [tee, cap] = await approvedRequest();
    await settle(service);
    expect((await record(tee!)).label).toMatchObject({ status: "created", shipment_id: "shp_1" });

    const { record: reissued } = await service.reissueLabel(tee!, {}, as("reissue-1"));

    expect(reissued.label).toMatchObject({
      status: "pending",
      shipment_id: null,
      tracking_number: null,
      replaces: {
        carrier: "selling",
        shipment_id: "shp_1",
        tracking_number: "TRK1",
        void_status: "pending",
      },
    });
    // Scans of the old tracking number no longer find the return.
    expect(reissued.shipment).toBeNull();
    const timers = (await store.listTimers(tee!)).map((timer) => timer.name).sort();
    expect(timers).toEqual([LABEL_DUE, LABEL_VOID]);

    await settle(service);

    for (const id of [tee!, cap!]) {
      expect((await record(id)).label).toMatchObject({
        status: "created",
        shipment_id: "shp_2",
        tracking_number: "TRK2",
        replaces: { shipment_id: "shp_1", void_status: "voided" },
      });
      expect((await record(id)).shipment).toEqual({ carrier: "selling", tracking_number: "TRK2" });
      const created = (await store.listEvents(id)).filter(
        (event) => event.type === "return.label_created",
      );
      expect(
        created.map((event) => (event.payload.data.label as { shipment_id: string }).shipment_id),
      ).toEqual(["shp_1", "shp_2"]);
    }
    expect(seller.voided).toEqual(["shp_1"]);
    // Another label, so another idempotency key for the carrier.
    const request = (await record(tee!)).request_id;
    expect(seller.keys).toEqual([`label:${request}`, `label:${request}:after:shp_1`]);
    expect(await store.listTimers(tee!)).toEqual([]);
  });

  it("reissue - the same Idempotency-Key again answers the first reissue and reissues nothing", async () => {
    const seller = sellingCarrier({});
    const { service, approvedReturn, record } = parcelService({ carrier: seller.carrier });
    const id = await approvedReturn();
    await settle(service);

    const first = await service.reissueLabel(id, {}, as("reissue-once"));
    const again = await service.reissueLabel(id, {}, as("reissue-once"));

    expect(again.record.version).toBe(first.record.version);
    expect((await record(id)).version).toBe(first.record.version);
  });

  it("reissue - a failed label: a fresh shipment, nothing to void", async () => {
    const seller = sellingCarrier({ refuseBuys: true });
    const { service, approvedReturn, record } = parcelService({ carrier: seller.carrier });
    const id = await approvedReturn();
    await settle(service);
    expect((await record(id)).label).toMatchObject({ status: "failed", shipment_id: "shp_1" });

    seller.refuse(false);
    const { record: reissued } = await service.reissueLabel(id, {}, as("reissue-failed"));
    expect(reissued.label?.replaces).toBeNull();
    await settle(service);

    expect((await record(id)).label).toMatchObject({ status: "created", shipment_id: "shp_2" });
    expect(seller.voided).toEqual([]);
  });

  it("reissue - a void the carrier cannot answer now is tried again, then recorded", async () => {
    let down = true;
    const seller = sellingCarrier({
      voids: async () => {
        if (down) throw new CarrierError("unavailable", "The carrier is down");
        return { kind: "pending" };
      },
    });
    const { service, approvedReturn, record, advance } = parcelService({ carrier: seller.carrier });
    const id = await approvedReturn();
    await settle(service);
    await service.reissueLabel(id, {}, as("reissue-down"));
    await settle(service);
    expect((await record(id)).label?.replaces).toMatchObject({
      void_status: "pending",
      attempts: 1,
    });

    // The new label is bought; reissuing it again would leave shp_1 unvoided: refused.
    const again = await service.reissueLabel(id, {}, as("reissue-again")).catch((caught) => caught);
    expect(again).toMatchObject({ status: 409, slug: "label-not-reissuable" });
    expect((again as ProblemError).message).toContain("still being voided");

    down = false;
    advance(2 * 36_000_000);
    await settle(service);
    expect((await record(id)).label).toMatchObject({
      status: "created",
      shipment_id: "shp_2",
      replaces: { shipment_id: "shp_1", void_status: "void_pending", attempts: 1 },
    });
  });

  it("reissue - refused while the label is being bought, after shipping, and without a label carrier; nothing changes", async () => {
    const seller = sellingCarrier({});
    const { service, approvedReturn, record } = parcelService({ carrier: seller.carrier });
    const pending = await approvedReturn();
    const refusal = async (id: string, key: string) => {
      const before = (await record(id)).version;
      const error = await service.reissueLabel(id, {}, as(key)).catch((caught) => caught);
      expect(error).toBeInstanceOf(ProblemError);
      expect(error).toMatchObject({ status: 409, slug: "label-not-reissuable" });
      expect((await record(id)).version).toBe(before);
      return (error as ProblemError).extensions;
    };

    expect(await refusal(pending, "while-pending")).toMatchObject({ label_status: null });

    await settle(service);
    await service.advance(pending, "ship", {}, as("ship"));
    expect(await refusal(pending, "after-ship")).toMatchObject({ label_status: "created" });

    const plain = parcelService();
    const unlabelled = await plain.approvedReturn();
    const error = await plain.service
      .reissueLabel(unlabelled, {}, as("no-carrier"))
      .catch((caught) => caught);
    expect(error).toMatchObject({ status: 409, slug: "label-not-reissuable" });
  });
});
