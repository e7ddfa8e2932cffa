/**
 * @module test-support/label-carrier — the test shop's carrier for the service's label job: it
 * sells paperless return labels whose drop-off code is a QR image the shop serves itself
 * (`{shop}/labels/<tracking>.svg`, so the pages' CSP takes it as 'self'). Prepared and bought
 * in the two phases of the `Carrier` contract, one label per shipment; nothing leaves this
 * machine. The EasyPost adapter has its own stand-in (packages/carrier-easypost).
 */
import type { BuyOutcome, Carrier, Label, PreparedLabel } from "@returnkit/core";
import { renderSVG } from "uqr";

/** The carrier's name, as labels and events carry it. */
const NAME = "shop-post";
/** A tracking number as the shop's carrier writes it: 20 digits. */
const TRACKING = /^\d{20}$/;

/** The QR code of a label's tracking number, as the shop serves it; null for anything else. */
export function labelCodeSvg(tracking: string): string | null {
  return TRACKING.test(tracking)
    ? renderSVG(tracking, { ecc: "M", border: 4, pixelSize: 8 })
    : null;
}

/** A carrier whose paperless labels' codes live at `{shopUrl}/labels/<tracking>.svg`. */
export function labelCarrier(shopUrl: string): Carrier {
  const bought = new Map<string, Label>();
  let shipments = 0;
  return {
    name: NAME,
    capabilities: { labels: true, webhooks: false },
    async prepareLabel(request) {
      shipments += 1;
      return {
        carrier: NAME,
        shipment_id: `shp_${shipments}`,
        rate_id: null,
        service: "Shop Post Paket",
        quoted_cost: { amount: 540, currency: "EUR" },
        paperless: request.paperless,
      };
    },
    async buyLabel(prepared: PreparedLabel): Promise<BuyOutcome> {
      const held = bought.get(prepared.shipment_id);
      if (held) return { kind: "already_bought", label: held };
      const tracking = `0034043416109404${String(bought.size + 1).padStart(4, "0")}`;
      const label: Label = {
        carrier: NAME,
        shipment_id: prepared.shipment_id,
        service: prepared.service,
        tracking_number: tracking,
        tracking_url: `${shopUrl}/track/${tracking}`,
        qr_code_url: `${shopUrl}/labels/${tracking}.svg`,
        cost: { amount: 540, currency: "EUR" },
      };
      bought.set(prepared.shipment_id, label);
      return { kind: "bought", label };
    },
    async voidLabel() {
      return { kind: "voided" };
    },
    async parseTrackingEvent() {
      return { ok: false, reason: "unsupported" };
    },
  };
}
