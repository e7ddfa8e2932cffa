/**
 * @module client/api-schemas — the API's answers by the names the pages use, each one of the
 * schemas generated from the OpenAPI document the API serves (`api-types.ts`): never a copy,
 * so a change to the API is a change the pages' types see.
 */
import type { components } from "./api-types";

type Schemas = components["schemas"];

export type Return = Schemas["Return"];
export type ReturnList = Schemas["ReturnList"];
export type HistoryEntry = Schemas["HistoryEntry"];
/** A payout of a return's refund the shop recorded. */
export type Payout = Schemas["Payout"];
export type ReturnRequest = Schemas["ReturnRequest"];
export type ReturnPolicy = Schemas["ReturnPolicy"];
export type ReturnAddress = Schemas["ReturnAddress"];
export type ReturnRequestEstimate = Schemas["ReturnRequestEstimate"];
export type ReturnableOrder = Schemas["ReturnableOrder"];
/** One line of an order as the returnable view shows it. */
export type ReturnableLine = ReturnableOrder["lines"][number];
/** An item the shop offers in exchange for a line. */
export type ExchangeOffer = Schemas["ExchangeOffer"];
/** A return's refund, or a request's (its returns' added up: no method). */
export type Refund = Schemas["Refund"] | Schemas["ReturnRequestRefund"];
export type Link = Schemas["Link"];
export type Template = Schemas["Template"];
export type TemplateProperty = Schemas["TemplateProperty"];
export type Reason = Schemas["Reason"];
export type Resolution = Schemas["Resolution"];
export type ReasonList = Schemas["ReasonList"];
/** A page of a customer's data export (the export's members, and where the next page is). */
export type CustomerExportPage = Schemas["CustomerExportPage"];
export type Erasure = Schemas["Erasure"];
export type FitInsights = Schemas["FitInsights"];
export type FitInsightSize = Schemas["FitInsightSize"];
export type FitSummary = Schemas["FitSummary"];
export type WebhookEndpoint = Schemas["WebhookEndpoint"];
export type WebhookEventType = Schemas["WebhookEventType"];
export type WebhookEndpointList = Schemas["WebhookEndpointList"];
export type WebhookEndpointWithSecret = Schemas["WebhookEndpointWithSecret"];
export type WebhookTestResult = Schemas["WebhookTestResult"];
export type WebhookDelivery = Schemas["WebhookDelivery"];
export type WebhookDeliveryList = Schemas["WebhookDeliveryList"];
export type WebhookEventList = Schemas["WebhookEventList"];
export type RevivedDeliveries = Schemas["RevivedDeliveries"];
