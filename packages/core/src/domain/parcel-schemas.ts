/**
 * @module domain/parcel-schemas — what a return records of its parcel: the return label bought
 * for it (`label`), what the carrier's scans said (`tracking`), and the customer's address the
 * label is bought from (on its order line). Part of `ReturnDataSchema`.
 */
import { z } from "zod";
import { TRACKING_STATUSES } from "./tracking-statuses";

/** The most scans a return keeps: the latest, which is also what replays are matched against. */
export const TRACKING_EVENTS_MAX = 25;

export const LABEL_STATUSES = [
  "pending",
  "created",
  "needs_staff",
  "failed",
  "voided",
  "void_pending",
  "void_refused",
] as const;
export type LabelStatus = (typeof LABEL_STATUSES)[number];

/** An address as a carrier takes it (`CarrierAddress`). */
export const ShippingAddressSchema = z
  .object({
    name: z.string().min(1).max(200),
    company: z.string().max(200).optional(),
    street1: z.string().min(1).max(200),
    street2: z.string().max(200).optional(),
    city: z.string().min(1).max(100),
    state: z.string().max(100).optional(),
    postal_code: z.string().min(1).max(32),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .describe("ISO 3166-1 alpha-2."),
    phone: z.string().max(50).optional(),
    email: z.string().max(320).optional(),
  })
  .meta({ id: "ShippingAddress" });

const LabelCostSchema = z
  .object({
    amount: z.int().min(0).describe("In the currency's minor unit (cents)."),
    currency: z.string().describe("ISO 4217 code."),
  })
  .meta({ id: "LabelCost" });

const REPLACED_VOID_STATUSES = ["pending", "voided", "void_pending", "void_refused"] as const;

/** A bought label that staff replaced with a new one (`POST …/label-reissue`). */
const ReplacedLabelSchema = z
  .object({
    carrier: z.string().describe("The carrier adapter that sold it."),
    shipment_id: z.string().describe("The carrier's shipment of the replaced label."),
    tracking_number: z
      .string()
      .nullable()
      .describe("Its tracking number: scans of it no longer move the return."),
    void_status: z
      .enum(REPLACED_VOID_STATUSES)
      .describe(
        "`pending` until the carrier answered the void (a durable job); then `voided`, `void_pending` (settled later) or `void_refused`.",
      ),
    attempts: z
      .int()
      .min(0)
      .describe("Calls to void it that failed and were tried again (the webhook schedule)."),
  })
  .meta({ id: "ReplacedLabel" });
export type ReplacedLabel = z.infer<typeof ReplacedLabelSchema>;

/** The return label of the return's parcel: every return of one request carries the same. */
export const LabelSchema = z
  .object({
    status: z
      .enum(LABEL_STATUSES)
      .describe(
        "`pending`: being bought (the carrier's shipment may be created, not yet paid); `created`: bought, ready for the customer; `needs_staff`: the carrier holds a bought label it did not hand back (see `reason`); `failed`: the carrier refused it (see `reason`); `voided`, `void_pending`, `void_refused`: after a cancel or reject, the carrier voided it, will settle it later, or refused to.",
      ),
    carrier: z.string().describe("The carrier adapter's name (`easypost`)."),
    service: z.string().nullable().describe("The carrier and service bought, once known."),
    shipment_id: z
      .string()
      .nullable()
      .describe("The carrier's shipment: one per parcel, created before it is paid for."),
    rate_id: z
      .string()
      .nullable()
      .describe(
        "The carrier's handle of the price chosen for the shipment, passed back to buy it.",
      ),
    tracking_number: z.string().nullable(),
    tracking_url: z.string().nullable().describe("Where the customer follows the parcel."),
    label_url: z.string().nullable().describe("The printable label."),
    qr_code_url: z.string().nullable().describe("The drop-off code of a paperless label."),
    cost: LabelCostSchema.nullable().describe(
      "What the carrier charged the shop for it (its quote while `pending`).",
    ),
    fee_charged: z
      .int()
      .min(0)
      .nullable()
      .describe(
        "The policy's return-shipping fee this return bears (`refund.return_shipping_fee`), in the refund's minor unit; null without a refund.",
      ),
    reason: z
      .string()
      .nullable()
      .describe("Why it failed, needs staff, or waits to be tried again; null otherwise."),
    attempts: z
      .int()
      .min(0)
      .describe("Calls to the carrier that failed and were tried again (the webhook schedule)."),
    created_at: z.iso.datetime().nullable().describe("When the label was bought."),
    replaces: ReplacedLabelSchema.nullable()
      .optional()
      .describe(
        "After a reissue: the bought label this one replaces, voided by a job of its own. Absent or null otherwise.",
      ),
  })
  .meta({ id: "Label" });
export type ReturnLabel = z.infer<typeof LabelSchema>;

const TrackingScanSchema = z
  .object({
    provider_event_id: z.string().describe("The carrier's id of the scan: replays are ignored."),
    status: z.enum(TRACKING_STATUSES),
    occurred_at: z.iso.datetime().describe("The carrier's scan time."),
    description: z.string().nullable(),
    location: z.string().nullable(),
  })
  .meta({ id: "TrackingScan" });
export type TrackingScan = z.infer<typeof TrackingScanSchema>;

/** What the carrier's scans of the parcel said. */
export const TrackingSchema = z
  .object({
    status: z
      .enum(TRACKING_STATUSES)
      .describe("The status of the latest scan by scan time (an `exception` shows here)."),
    last_event_at: z.iso.datetime().describe("The scan time of the latest scan."),
    events: z
      .array(TrackingScanSchema)
      .max(TRACKING_EVENTS_MAX)
      .describe(`The latest ${TRACKING_EVENTS_MAX} scans, in scan-time order.`),
  })
  .meta({ id: "Tracking" });
export type Tracking = z.infer<typeof TrackingSchema>;
