/**
 * @module webhook-admin/webhook-schemas — the webhook operations' bodies, queries and resources (zod): the
 * routes validate with them, the OpenAPI document and the types derive from them.
 */
import { z } from "zod";
import { SUBSCRIBER_ID_PREFIX, WEBHOOK_EVENT_TYPES } from "../delivery/endpoints";
import {
  CustomerIdSchema,
  LIST_LIMIT_DEFAULT,
  LIST_LIMIT_MAX,
  LinkSchema,
} from "../domain/schemas";
import { isStorableText, STORABLE_TEXT_RULE } from "../domain/text";
import type { WebhookEventType } from "../store/types";
import { DELIVERY_CURSOR_MAX_LENGTH, decodeDeliveryCursor } from "./delivery-pages";
import { MAX_ROTATION_OVERLAP_SECONDS } from "./endpoint-admin";

const storable = (schema: z.ZodString) =>
  schema.refine(isStorableText, { message: STORABLE_TEXT_RULE });
const links = z.record(z.string(), LinkSchema);
const isoTime = z.string().describe("ISO 8601 time (UTC).");

const WebhookEventTypeSchema = z
  .enum(WEBHOOK_EVENT_TYPES as unknown as [WebhookEventType, ...WebhookEventType[]])
  .meta({ id: "WebhookEventType" });

/** What an endpoint's id may be over HTTP: one path segment a reader can type. */
const ENDPOINT_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

const endpointUrl = storable(z.string().max(2048)).pipe(
  z.url({ protocol: /^https?$/, error: "expected an absolute http(s) URL" }),
);

// ---- endpoints

export const CreateWebhookEndpointSchema = z
  .strictObject({
    url: endpointUrl.describe("Where events are POSTed (http or https)."),
    types: z
      .array(WebhookEventTypeSchema)
      .min(1)
      .nullable()
      .optional()
      .describe("Event types to receive; every type when omitted or null."),
    id: z
      .string()
      .regex(
        ENDPOINT_ID,
        "expected 1-64 letters, digits, _ . or -, starting with a letter or digit",
      )
      .refine((id) => !id.startsWith(SUBSCRIBER_ID_PREFIX), {
        message: `"${SUBSCRIBER_ID_PREFIX}" starts a subscriber's id`,
      })
      .optional()
      .describe("Defaults to an id derived from the URL (`ep_…`): one endpoint per URL."),
  })
  .meta({ id: "CreateWebhookEndpoint" });

export const UpdateWebhookEndpointSchema = z
  .strictObject({
    types: z
      .array(WebhookEventTypeSchema)
      .min(1)
      .nullable()
      .optional()
      .describe("Event types to receive from now on; null for every type."),
    enabled: z
      .boolean()
      .optional()
      .describe("false pauses deliveries (they still queue); true resumes them in order."),
  })
  .meta({ id: "UpdateWebhookEndpoint" });

export const RotateWebhookSecretSchema = z
  .strictObject({
    overlap_seconds: z
      .int()
      .min(0)
      .max(MAX_ROTATION_OVERLAP_SECONDS)
      .optional()
      .describe(
        "How long the previous secrets keep signing: default 86400 (24 h), at most 7 days.",
      ),
  })
  .meta({ id: "RotateWebhookSecret" });

export const WebhookEndpointSchema = z
  .object({
    object: z.literal("webhook_endpoint"),
    id: z.string(),
    kind: z.enum(["webhook", "subscriber"]),
    url: z.string().nullable().describe("null for a subscriber (host code)."),
    types: z.array(WebhookEventTypeSchema).nullable(),
    enabled: z.boolean(),
    disabled_reason: z.string().nullable(),
    created_at: isoTime,
    signing_secrets: z.int().min(0).describe("How many secrets sign an attempt made now."),
    previous_secrets_until: isoTime
      .nullable()
      .describe(
        "While a rotation overlaps: when the last of the previous secrets stops signing (each stops at its own time).",
      ),
    managed_by: z
      .enum(["api", "options", "subscriber"])
      .describe(
        "`api`: created over HTTP or a CLI, changed here. `options` and `subscriber`: code owns it; only `enabled` can change here.",
      ),
    _links: links,
  })
  .meta({ id: "WebhookEndpoint" });
export type WebhookEndpointResource = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({
  secret: z
    .string()
    .describe("The new `whsec_` signing secret: shown in this response only, never listed."),
}).meta({ id: "WebhookEndpointWithSecret" });

export const WebhookEndpointListSchema = z
  .object({ object: z.literal("list"), data: z.array(WebhookEndpointSchema) })
  .meta({ id: "WebhookEndpointList" });

export const DeletedWebhookEndpointSchema = z
  .object({ object: z.literal("webhook_endpoint"), id: z.string(), deleted: z.literal(true) })
  .meta({ id: "DeletedWebhookEndpoint" });

// ---- events and deliveries

const returnId = storable(z.string().min(1).max(64));

export const WebhookEventListQuerySchema = z.strictObject({
  return_id: returnId.describe("The return whose events to list."),
});

/** What an event is about: deliveries of one subject to one endpoint go in commit order. */
const EventSubjectSchema = z
  .object({
    kind: z
      .string()
      .meta({ examples: ["return", "customer"] })
      .describe(
        "`return` or `customer`; more kinds may be added in any release, so accept one you do not know.",
      ),
    id: z.string().describe("The return's id, or the customer's."),
  })
  .meta({ id: "EventSubject" });

const WebhookEventSchema = z
  .object({
    object: z.literal("webhook_event"),
    id: z.string().describe("`evt_` + ULID: the `webhook-id` of every attempt."),
    return_id: z
      .string()
      .nullable()
      .describe("The return it is about; null for an event about no return (a customer's)."),
    subject: EventSubjectSchema,
    seq: z
      .int()
      .nullable()
      .describe(
        "The history entry that produced it; null for an event that records no transition.",
      ),
    type: WebhookEventTypeSchema,
    created_at: isoTime,
    payload: z.object({
      type: WebhookEventTypeSchema,
      timestamp: isoTime,
      data: z.record(z.string(), z.unknown()),
    }),
  })
  .meta({ id: "WebhookEvent" });

export const WebhookEventListSchema = z
  .object({ object: z.literal("list"), data: z.array(WebhookEventSchema), _links: links })
  .meta({ id: "WebhookEventList" });

const DELIVERY_STATUSES = ["pending", "delivered", "dead"] as const;

export const WebhookDeliveryListQuerySchema = z
  .strictObject({
    return_id: returnId.optional(),
    customer_id: CustomerIdSchema.optional().describe(
      "The deliveries of events about this customer (not those of its returns).",
    ),
    event_id: storable(z.string().min(1).max(64)).optional(),
    status: z.enum(DELIVERY_STATUSES).optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(LIST_LIMIT_MAX)
      .default(LIST_LIMIT_DEFAULT)
      .describe(`Deliveries per page: 1-${LIST_LIMIT_MAX}, default ${LIST_LIMIT_DEFAULT}.`),
    cursor: z
      .string()
      .max(DELIVERY_CURSOR_MAX_LENGTH)
      .refine((cursor) => decodeDeliveryCursor(cursor) !== null, {
        message: "not a cursor this list gave out: start again without it",
      })
      .optional()
      .describe("A previous page's `next_cursor`, with the same filters: the page after it."),
  })
  .refine((q) => q.return_id ?? q.customer_id ?? q.event_id ?? q.status, {
    message:
      "name a return_id, a customer_id, an event_id or a status (dead, to list the dead letters)",
  });

const WebhookAttemptSchema = z
  .object({
    at: isoTime,
    status: z.int().nullable().describe("The receiver's HTTP status; null when none arrived."),
    error: z
      .string()
      .nullable()
      .describe(
        "Why it failed when the status does not say: a refused destination's rule, a redirect not followed, or one sentence for any attempt without an HTTP answer (the service's log says which).",
      ),
    duration_ms: z.number().min(0),
  })
  .meta({ id: "WebhookAttempt" });

const WebhookDeliverySchema = z
  .object({
    object: z.literal("webhook_delivery"),
    id: z.string(),
    event_id: z.string(),
    endpoint_id: z.string(),
    return_id: z
      .string()
      .nullable()
      .describe("Its event's return; null for an event about no return (a customer's)."),
    subject: EventSubjectSchema,
    status: z.enum(DELIVERY_STATUSES),
    attempt_count: z
      .int()
      .min(0)
      .describe("Every attempt ever made, revivals included: the length of `attempts`."),
    attempts_since_revival: z
      .int()
      .min(0)
      .describe(
        "Attempts since it was last revived (all of them if never): what the retry schedule counts, so a revived delivery gets the whole schedule again.",
      ),
    next_attempt_at: isoTime.nullable().describe("When a pending delivery is next tried."),
    attempts: z.array(WebhookAttemptSchema).describe("Every attempt, oldest first."),
    delivered_at: isoTime.nullable(),
    dead_at: isoTime.nullable(),
  })
  .meta({ id: "WebhookDelivery" });

export const WebhookDeliveryListSchema = z
  .object({
    object: z.literal("list"),
    data: z.array(WebhookDeliverySchema),
    next_cursor: z
      .string()
      .nullable()
      .describe("The `cursor` of the next page (also `_links.next`); null on the last page."),
    _links: links,
  })
  .meta({ id: "WebhookDeliveryList" });

// ---- redelivery, recovery, test events

export const RedeliverWebhookEventSchema = z
  .strictObject({
    endpoint_id: storable(z.string().min(1).max(200))
      .optional()
      .describe("Only this endpoint's dead delivery; every endpoint's when omitted."),
    out_of_order: z
      .boolean()
      .optional()
      .describe(
        "true sends it even though an earlier event of its return is dead too (so it arrives first); otherwise that is a 409 `redelivery-out-of-order`.",
      ),
  })
  .meta({ id: "RedeliverWebhookEvent" });

export const RecoverWebhookDeliveriesSchema = z
  .strictObject({
    since: z.iso
      .datetime({ offset: true })
      .describe("Revive every delivery that died at or after this time."),
  })
  .meta({ id: "RecoverWebhookDeliveries" });

export const RevivedDeliveriesSchema = z
  .object({
    object: z.literal("webhook_redelivery"),
    revived: z.int().min(0).describe("Dead deliveries made pending again, due now."),
    skipped: z
      .int()
      .min(0)
      .describe(
        "Dead deliveries selected but left dead: their endpoint was deleted (never sent to an endpoint that took its id since).",
      ),
  })
  .meta({ id: "RevivedDeliveries" });

export const SendWebhookTestSchema = z.strictObject({}).meta({ id: "SendWebhookTest" });

export const WebhookTestResultSchema = z
  .object({
    object: z.literal("webhook_test"),
    endpoint_id: z.string(),
    event_id: z.string().describe("The `webhook-id` sent; the event is not stored."),
    delivered: z.boolean().describe("true for a 2xx within the timeout."),
    status: z.int().nullable().describe("The 2xx status when delivered; null otherwise."),
    error: z
      .string()
      .nullable()
      .describe(
        "Null when delivered; a refused destination's rule; else one sentence whatever happened (the service's log says what).",
      ),
    duration_ms: z.number().min(0),
  })
  .meta({ id: "WebhookTestResult" });
export type WebhookTestResult = z.infer<typeof WebhookTestResultSchema>;
