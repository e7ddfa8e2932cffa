/**
 * @module test-support/try-it — the README's example, runnable from a checkout with no EasyPost
 * account: it starts the local stand-in, buys a return label in two phases, tries to buy it
 * again, and parses a signed tracking webhook.
 * `pnpm --filter @returnkit/carrier-easypost exec tsx src/test-support/try-it.ts`
 */

import { easypostCarrier } from "../index";
import { trackerEvent } from "../stand-in/fixtures";
import { signEasyPostWebhook, startEasyPostStandIn } from "../stand-in/server";

export async function tryIt(log: (line: string) => void): Promise<void> {
  const standIn = await startEasyPostStandIn();
  try {
    const carrier = easypostCarrier({
      apiKey: standIn.apiKey, // a real key: process.env.EASYPOST_API_KEY
      webhookSecret: "my-webhook-secret",
      baseUrl: standIn.baseUrl, // leave out to speak to EasyPost
    });
    const prepared = await carrier.prepareLabel({
      reference: "ret_01",
      idempotency_key: "label-ret_01",
      from: {
        name: "Casey Customer",
        street1: "179 N Harbor Dr",
        city: "Redondo Beach",
        state: "CA",
        postal_code: "90277",
        country: "US",
      },
      to: {
        name: "Returns",
        company: "Example Shop",
        street1: "388 Townsend St",
        city: "San Francisco",
        state: "CA",
        postal_code: "94107",
        country: "US",
      },
      parcels: [{ weight_grams: 450 }],
      items: [
        {
          description: "Shirt",
          quantity: 1,
          value: { amount: 2325, currency: "USD" },
          weight_grams: 300,
        },
      ],
      paperless: true,
    });
    log(
      `prepared ${prepared.shipment_id}: ${prepared.service} for ${prepared.quoted_cost?.amount} ${prepared.quoted_cost?.currency}`,
    );
    // Commit prepared.shipment_id here, before buying: a crash after the buy then finds it.
    const outcome = await carrier.buyLabel(prepared);
    if (outcome.kind === "bought")
      log(`bought ${outcome.label.tracking_number}, QR code ${outcome.label.qr_code_url}`);
    log(`bought again: ${(await carrier.buyLabel(prepared)).kind}`);

    const body = JSON.stringify(
      trackerEvent({
        id: "evt_01",
        tracking_code: "9400TRACK",
        status: "in_transit",
        datetime: "2026-03-02T09:15:00Z",
      }),
    );
    const parsed = await carrier.parseTrackingEvent({
      headers: signEasyPostWebhook(body, "my-webhook-secret"),
      body,
    });
    if (parsed.ok)
      for (const event of parsed.events)
        log(`${event.provider_event_id}: ${event.status} at ${event.occurred_at}`);
    const forged = await carrier.parseTrackingEvent({
      headers: signEasyPostWebhook(body, "guessed"),
      body,
    });
    log(`forged: ${forged.ok ? "accepted" : forged.reason}`);
  } finally {
    await standIn.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await tryIt(console.log);
