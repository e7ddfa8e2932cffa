/**
 * @module http/routes/carrier-routes — the carriers' tracking webhooks: public (a carrier sends
 * no bearer token), trusted only once the carrier's adapter verified the signature over the
 * body's exact bytes. Answered as soon as the scans are recorded.
 */
import { z } from "zod";
import type { RouteDefinition, RouteHandler } from "./route-definition";

/**
 * The most a tracking webhook may weigh: a carrier's event carries the whole tracker with
 * every scan so far, more than the API's own bodies (`maxBodyBytes`).
 */
const TRACKING_EVENT_MAX_BYTES = 256 * 1024;

const CarrierEventSchema = z
  .looseObject({})
  .meta({ id: "CarrierTrackingEvent" })
  .describe(
    "The carrier's webhook as it sends it (EasyPost: an Event of a Tracker), signed as the carrier signs it.",
  );

const TrackingReceiptSchema = z
  .object({
    object: z.literal("tracking_receipt"),
    events: z.int().min(0).describe("The scans the webhook held."),
    returns_updated: z
      .int()
      .min(0)
      .describe(
        "The returns a scan changed: 0 for a replay, or for a tracking number no return holds (ignored, still 200 so the carrier does not retry).",
      ),
  })
  .meta({ id: "TrackingReceipt" });

const recordTrackingHandler: RouteHandler = async (operations, { params, body, headers, ctx }) => ({
  kind: "tracking",
  receipt: await operations.recordTrackingEvents(
    params.name ?? "",
    { headers, body: String(body ?? "") },
    ctx,
  ),
});

export function carrierRoutes(): RouteDefinition[] {
  return [
    {
      operationId: "recordCarrierTrackingEvents",
      method: "POST",
      path: "/v1/carriers/{name}/events",
      // Public: the carrier's signature over the body is the proof, checked by its adapter.
      caller: null,
      access: "write",
      summary: "A carrier's tracking webhook: its scans ship and receive the parcel's returns",
      body: CarrierEventSchema,
      bodyRequired: true,
      rawBody: { maxBytes: TRACKING_EVENT_MAX_BYTES },
      success: {
        status: 200,
        schema: TrackingReceiptSchema,
        description:
          "Verified and recorded: each scan on the returns whose tracking number it names (a replayed scan changes nothing)",
      },
      problems: [401, 404, 413],
      handler: recordTrackingHandler,
    },
  ];
}
