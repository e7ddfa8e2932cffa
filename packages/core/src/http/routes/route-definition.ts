/**
 * @module http/routes/route-definition — what a route of the API declares: its path, schemas, scope and the operation it
 * calls. The router, the OpenAPI document and the links all read these declarations.
 */
import type { z } from "zod";
import type { TrackingDelivery } from "../../carriers/carrier";
import type { ReturnEvent } from "../../domain/machine";
import type { Access, CallerKind, Scope } from "../../domain/principal";
import type { ReasonDescription } from "../../domain/reasons";
import type {
  HealthReport,
  ReturnableOrder,
  ReturnData,
  ReturnRequestEstimate,
  Template,
} from "../../domain/schemas";
import type { GuestSession } from "../../guests/guest-schemas";
import type { GuestSessions } from "../../guests/guest-sessions";
import type { InsightOperations } from "../../insights/insight-operations";
import type { FitInsightsReport, FitSummaryReport } from "../../insights/insights-schemas";
import type { PublishedPolicy } from "../../policy/published-policy";
import type { CustomerExportOperations } from "../../privacy/customer-export-operations";
import type { CustomerExportPage } from "../../privacy/customer-export-schemas";
import type { ErasureAnswer, ErasureOperations } from "../../privacy/erasure-operations";
import type { TrackingReceipt } from "../../returns/parcels/tracking-delivery";
import type {
  OperationContext,
  ReturnListResult,
  ReturnRequestResult,
  ReturnResult,
  ReturnsRequestOperations,
} from "../../returns/types";
import type { WebhookAnswer, WebhookOperations } from "../../webhook-admin/types";

/** Every operation a route calls: the returns', the webhook and the insights operations. */
export interface RequestOperations extends ReturnsRequestOperations {
  webhooks: WebhookOperations;
  /** The return policy as the service enforces it, in both published forms. */
  returnPolicy: PublishedPolicy;
  insights: InsightOperations;
  /** A customer's data export (the back office's). */
  customerExport: CustomerExportOperations;
  /** Erasures of a customer's or an order's personal data (the back office's). */
  erasure: ErasureOperations;
  /** Guest sessions, when the host configures `guests` (null: the route is not served). */
  guests: GuestSessions | null;
  /** A carrier's tracking webhook, verified by its adapter and recorded on the parcel's returns. */
  recordTrackingEvents(
    carrier: string,
    delivery: TrackingDelivery,
    ctx: OperationContext,
  ): Promise<TrackingReceipt>;
}

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

/** The OpenAPI document's path, served beside the route table (it describes the table). */
export const OPENAPI_PATH = "/v1/openapi.json";
/** Where the reason catalogue is served; an unknown reason's 400 links it. */
export const REASONS_PATH = "/v1/reasons";

/** What a matched, authenticated request hands its route's operation. */
export interface RouteInput {
  /** The `{id}` path parameter, decoded ("" on routes without one). */
  id: string;
  /** Every path parameter by name (`order_id` of `/v1/portal/orders/{order_id}/…`), decoded. */
  params: Record<string, string>;
  /** The JSON body as read (writes only; validated by the operation). */
  body: unknown;
  query: Record<string, string>;
  /** The request's headers (content negotiation and preconditions of public documents). */
  headers: Headers;
  ctx: OperationContext;
  /** The caller's network address, when the host's `guests.clientAddress` says. */
  clientAddress: string | null;
}

/** What an operation answered, for the HTTP layer to render. */
export type RouteOutcome =
  | { kind: "write"; result: ReturnResult }
  | { kind: "request"; result: ReturnRequestResult }
  | { kind: "return"; record: ReturnData }
  | { kind: "page"; page: ReturnListResult }
  | { kind: "reasons"; reasons: ReasonDescription[] }
  | { kind: "returnable"; order: ReturnableOrder }
  | { kind: "estimate"; estimate: ReturnRequestEstimate }
  | { kind: "webhook"; answer: WebhookAnswer }
  | { kind: "health"; report: HealthReport }
  | {
      /** A public, cacheable document: its text (null for a 304) and its own headers. */
      kind: "document";
      status: 200 | 304;
      body: string | null;
      headers: Record<string, string>;
    }
  | { kind: "insights"; body: FitInsightsReport | FitSummaryReport }
  | { kind: "customer-export"; page: CustomerExportPage }
  /** An answer with its own status and headers (an erasure's 202), replayed or not. */
  | { kind: "answer"; answer: ErasureAnswer }
  | { kind: "guest-session"; session: GuestSession }
  | { kind: "tracking"; receipt: TrackingReceipt };

export type RouteHandler = (
  operations: RequestOperations,
  input: RouteInput,
) => Promise<RouteOutcome>;

export interface RouteDefinition {
  operationId: string;
  method: HttpMethod;
  /** Path template relative to the mount point, OpenAPI style (`/v1/portal/returns/{id}`). */
  path: string;
  /** Who may call it: one family, `any` signed-in caller (with its family's scope), or null for public documents. */
  caller: CallerKind | "any" | null;
  access: Access;
  /** A scope of its own that the caller must hold, instead of its family's read or write. */
  scope?: Scope;
  summary: string;
  /** The JSON body schema (its `.meta({ id })` names the OpenAPI component). */
  body?: z.ZodType;
  /**
   * Read the body as text, byte for byte, not parsed (`RouteInput.body` is the string): for a
   * body whose signature covers its exact bytes. At most `rawBody.maxBytes` of it.
   */
  rawBody?: { maxBytes: number };
  /** False when an empty body is fine (event bodies). */
  bodyRequired?: boolean;
  query?: z.ZodType;
  success?: RouteResponse;
  /** Answers other than `success` and problems (the health check's 503), described alike. */
  alsoAnswers?: readonly RouteResponse[];
  /** The lifecycle event this route sends, for `_templates`. */
  event?: ReturnEvent;
  /**
   * A public document with a strong ETag and `Cache-Control`: If-None-Match gets 304, a stale
   * If-Match 412 (as the documents served beside the routes).
   */
  cacheable?: boolean;
  /**
   * A form a return's `_templates` offers besides the machine's events (a write that records
   * something without a transition), under `name`, when `offered(record)` holds.
   */
  form?: { name: string; offered: (record: ReturnData) => boolean };
  /** Members its `_templates` entry pre-fills or bounds for one return (its own values). */
  templateProperties?: (record: ReturnData) => NonNullable<Template["properties"]>;
  /** Problem statuses the route's own rules add to those of its kind (the order checks'). */
  problems?: readonly number[];
  /** Calls the operation behind the route. */
  handler: RouteHandler;
}

/** A response a route's operation gives, with its body's schema. */
export interface RouteResponse {
  status: number;
  schema: z.ZodType;
  description: string;
  /** Default `application/json`. */
  mediaType?: string;
  /** Other representations of the same response, by media type (the route says how to ask). */
  alternates?: readonly { mediaType: string; schema: z.ZodType }[];
}

export const EVENT_SUMMARIES: Record<ReturnEvent, string> = {
  update: "Update the draft",
  submit: "Submit the return",
  cancel: "Cancel the return",
  approve: "Approve the return",
  reject: "Reject the return",
  flag: "Flag the return for review",
  unflag: "Clear the flag",
  ship: "Record the return shipment",
  receive: "Record the item as received",
  grade: "Grade the received item",
  close: "Close the return",
};
