/**
 * @module request-tools — a return of several lines of one order at once. A customer starts it
 * (one draft per line, all or none), reads it and submits every draft together; the back office
 * reads any request and ships it as one parcel. Every answer carries the request's `refund`
 * (its returns' refunds added up) in the structured content and in the summary; a customer can
 * ask what a request would refund before starting it.
 */
import type {
  ReturnRequestData,
  ReturnRequestEstimate,
  ReturnRequestResult,
} from "@returnkit/core";
import { ShipReturnRequestSchema, SubmitReturnRequestSchema } from "@returnkit/core";
import { z } from "zod";
import { moneyText, returnItem } from "./line-names";
import { ReturnRequestEstimateOutput, ReturnRequestOutput } from "./output-schemas";
import { parcelText } from "./parcel-text";
import type { ToolContext, ToolRegistry } from "./tool-context";
import { toolResult } from "./tool-result";
import {
  READ_ONLY,
  splitWriteFields,
  writeAnnotations,
  writeContext,
  writeFields,
} from "./write-fields";

const requestId = z.string().describe("The return request's id (rrq_…).");
/** A request has no version of its own: only the key is taken. */
const requestWriteFields = { idempotency_key: writeFields.idempotency_key };

/** "Refund 79.99 EUR (final)": a request's or an estimate's total, as the summaries say it. */
function refundPhrase(refund: NonNullable<ReturnRequestData["refund"]>): string {
  return `Refund ${moneyText(refund.total, refund.currency)} (${refund.status})`;
}

function summary(request: ReturnRequestData, verb: string, replayed = false): string {
  const states = request.returns
    .map((one) => `${one.id} ${returnItem(one)} ${one.state}`)
    .join(", ");
  const refunds = request.refund ? ` ${refundPhrase(request.refund)}.` : "";
  return `Return request ${request.id} ${replayed ? `was already ${verb}` : verb}: ${states}.${refunds}${requestParcel(request)}`;
}

/** " Label created: …; last scan …": the request's one parcel, as its returns all carry it. */
function requestParcel(request: ReturnRequestData): string {
  const carrying = request.returns.find((one) => one.label !== null || one.tracking !== null);
  const text = carrying ? parcelText(carrying) : null;
  return text ? ` ${text.charAt(0).toUpperCase()}${text.slice(1)}.` : "";
}

function answer(verb: string) {
  return (result: ReturnRequestResult) =>
    toolResult(
      { request: result.request, replayed: result.replayed },
      summary(result.request, verb, result.replayed),
    );
}

/** `get_return_request`: a customer reads its own requests, the back office any request. */
export function registerRequestReads(server: ToolRegistry, tools: ToolContext): void {
  const { service, principal, run } = tools;
  const whose = principal.kind === "portal" ? "One of your returns" : "A customer's return";
  server.registerTool(
    "get_return_request",
    {
      title: "Get a return request",
      description: `${whose} of several lines: each line's return with its state, history and refund, and the parcel's label and tracking once a label is bought (every return of the request carries the same), and refund: what the request pays back in all (minor units of the order's currency: currency_exponent says how many digits they have).`,
      inputSchema: z.object({ id: requestId }),
      outputSchema: ReturnRequestOutput,
      annotations: READ_ONLY,
    },
    ({ id }) =>
      run(async () => {
        const request = await service.getReturnRequest(id, { principal });
        return toolResult({ request }, summary(request, "found"));
      }),
  );
}

function estimateSummary({ order_id, lines, refund }: ReturnRequestEstimate): string {
  const total = refund
    ? refundPhrase(refund)
    : "No refund can be worked out (the order has no prices)";
  return `${total} for ${lines.length} line(s) of ${order_id}, if the request were started now.`;
}

/** `estimate_return_request`: a customer asks what a request would refund; nothing is written. */
export function registerRequestEstimate(server: ToolRegistry, tools: ToolContext): void {
  const { service, principal, run } = tools;
  server.registerTool(
    "estimate_return_request",
    {
      title: "Estimate a return of several lines",
      description:
        "What start_return_request with the same lines would refund if called now: each line checked as it would be, each line's refund, and refund, the total (minor units of the order's currency, with currency_exponent digits; the return shipping fee is charged once for the request). Creates nothing.",
      // Extended by nothing: the tool listing needs a plain object schema, refinements kept.
      inputSchema: service.schemas.CreateReturnRequest.safeExtend({}),
      outputSchema: ReturnRequestEstimateOutput,
      annotations: READ_ONLY,
    },
    (body) =>
      run(async () => {
        const estimate = await service.estimateReturnRequest(body, { principal });
        return toolResult({ estimate }, estimateSummary(estimate));
      }),
  );
}

export function registerRequestWrites(server: ToolRegistry, tools: ToolContext): void {
  const { service, run } = tools;
  server.registerTool(
    "start_return_request",
    {
      title: "Start a return of several lines",
      description:
        "Creates one draft return for each line of one of your orders, all or none: if any line cannot be returned, nothing is created and the problem names each such line by its index. A line to exchange takes resolution EXCHANGE and exchange_for.sku, one of its exchange_offers (returnable_lines); the request's exchange_difference is the one payment or refund that settles them all. Submit them with submit_return_request.",
      inputSchema: service.schemas.CreateReturnRequest.safeExtend(requestWriteFields),
      outputSchema: ReturnRequestOutput,
      annotations: writeAnnotations(false),
    },
    (args) =>
      run(async () => {
        const [body, fields] = splitWriteFields(args);
        return answer("started as drafts")(
          await service.createReturnRequest(body, writeContext(tools, fields)),
        );
      }),
  );
  server.registerTool(
    "submit_return_request",
    {
      title: "Submit a return request",
      description: "Sends every draft of the request to the shop for review, all or none.",
      inputSchema: SubmitReturnRequestSchema.safeExtend({ id: requestId, ...requestWriteFields }),
      outputSchema: ReturnRequestOutput,
      annotations: writeAnnotations(false),
    },
    (args) =>
      run(async () => {
        const [{ id, ...body }, fields] = splitWriteFields(args);
        return answer("submitted")(
          await service.submitReturnRequest(id, body, writeContext(tools, fields)),
        );
      }),
  );
}

/** `ship_return_request`: the back office records one parcel for every approved return. */
export function registerRequestShip(server: ToolRegistry, tools: ToolContext): void {
  const { service, run } = tools;
  server.registerTool(
    "ship_return_request",
    {
      title: "Ship a return request as one parcel",
      description:
        "Records one parcel (carrier, tracking_number) for every approved return of the request, all together; returns in other states are left alone. Approve or reject each return first with approve_return and reject_return.",
      inputSchema: ShipReturnRequestSchema.safeExtend({ id: requestId, ...requestWriteFields }),
      outputSchema: ReturnRequestOutput,
      annotations: writeAnnotations(false),
    },
    (args) =>
      run(async () => {
        const [{ id, ...body }, fields] = splitWriteFields(args);
        return answer("shipped")(
          await service.shipReturnRequest(id, body, writeContext(tools, fields)),
        );
      }),
  );
}
