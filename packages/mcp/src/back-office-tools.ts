/**
 * @module back-office-tools — what a back-office agent may do: list the queue, send the
 * merchant events (one tool per event with that event's body schema), and record a payout of a
 * graded return's refund (`record_refund`, the REST `POST …/returns/{id}/refunds`).
 */
import {
  EVENT_BODY_SCHEMAS,
  MERCHANT_EVENTS,
  type MerchantEvent,
  MerchantListQuerySchema,
  RecordExchangeOrderSchema,
  RecordExchangePaymentSchema,
  RecordRefundSchema,
  type ReturnData,
} from "@returnkit/core";
import { z } from "zod";
import { listSummary, moneyText } from "./line-names";
import { ReturnListOutput, ReturnOutput } from "./output-schemas";
import type { ToolContext, ToolRegistry } from "./tool-context";
import { toolResult } from "./tool-result";
import {
  READ_ONLY,
  splitWriteFields,
  type WriteFields,
  writeAnnotations,
  writeAnswer,
  writeContext,
  writeFields,
} from "./write-fields";

export function registerBackOfficeReads(server: ToolRegistry, tools: ToolContext): void {
  const { service, principal, run } = tools;
  server.registerTool(
    "list_returns",
    {
      title: "List returns",
      description:
        "Every customer's returns, newest first; filter by state (the queue: state=submitted) or order, page with cursor.",
      inputSchema: MerchantListQuerySchema,
      outputSchema: ReturnListOutput,
      annotations: READ_ONLY,
    },
    (query) =>
      run(async () => {
        const page = await service.list(query, { principal });
        return toolResult(
          { returns: page.data, next_cursor: page.next_cursor },
          listSummary(page.data, page.next_cursor),
        );
      }),
  );
}

/** What each event does, for its tool's description and summary. */
const EVENT_TOOLS: Record<MerchantEvent, { title: string; description: string; done: string }> = {
  approve: {
    title: "Approve a return",
    description: "Accepts a submitted return.",
    done: "approved",
  },
  reject: {
    title: "Reject a return",
    description: "Refuses a submitted return for good; give a reason_code. It cannot be undone.",
    done: "rejected",
  },
  flag: {
    title: "Flag a return",
    description: "Holds a return for a closer look.",
    done: "flagged",
  },
  unflag: {
    title: "Unflag a return",
    description: "Releases a flagged return to the state it was held in.",
    done: "unflagged",
  },
  ship: {
    title: "Record the shipment",
    description: "The customer has sent the item back; carrier and tracking number if known.",
    done: "marked shipped",
  },
  receive: {
    title: "Receive a return",
    description: "The item has arrived at the shop.",
    done: "received",
  },
  grade: {
    title: "Grade a return",
    description: "Records the item's condition and what happens to it.",
    done: "graded",
  },
  close: { title: "Close a return", description: "Finishes a graded return.", done: "closed" },
};

const DESTRUCTIVE: ReadonlySet<MerchantEvent> = new Set(["reject"]);

export function registerBackOfficeWrites(server: ToolRegistry, tools: ToolContext): void {
  const { service, run } = tools;
  for (const event of MERCHANT_EVENTS) {
    const about = EVENT_TOOLS[event];
    const annotations = writeAnnotations(DESTRUCTIVE.has(event));
    server.registerTool(
      `${event}_return`,
      {
        title: about.title,
        description: about.description,
        inputSchema: EVENT_BODY_SCHEMAS[event].safeExtend({
          id: z.string().describe("The return's id (ret_…)."),
          ...writeFields,
        }),
        outputSchema: ReturnOutput,
        annotations,
      },
      // One loop over eight body schemas: the arguments are typed by what every one shares.
      (args: { id: string } & WriteFields) =>
        run(async () => {
          const [{ id, ...body }, fields] = splitWriteFields(args);
          const result = await service.advance(id, event, body, writeContext(tools, fields));
          return writeAnswer(tools, result, about.done);
        }),
    );
  }
}

/** What was paid back so far, in the refund's currency: "29.00 EUR of 58.00 EUR refunded". */
function refundedSoFar(record: ReturnData): string {
  const { refund } = record;
  if (!refund) return "no refund";
  const money = (minor: number) => moneyText(minor, refund.currency);
  return `${money(record.refunded_amount)} of ${money(refund.total)} refunded`;
}

/**
 * `record_refund`: the same rules as the REST route (graded first, at most what the final
 * refund has left, one payout per reference), so an agent that pays cannot pay twice.
 */
export function registerRefundRecording(server: ToolRegistry, tools: ToolContext): void {
  const { service, run } = tools;
  server.registerTool(
    "record_refund",
    {
      title: "Record a refund payout",
      description:
        "After your payment system paid back (part of) a graded return's refund, record it: amount in the refund's minor unit (cents), your payment reference, and when it was issued. At most refund.total − refunded_amount; store credit is recorded the same way. The customer sees it on their return.",
      inputSchema: RecordRefundSchema.safeExtend({
        id: z.string().describe("The return's id (ret_…)."),
        ...writeFields,
      }),
      outputSchema: ReturnOutput,
      annotations: writeAnnotations(false),
    },
    (args) =>
      run(async () => {
        const [{ id, ...body }, fields] = splitWriteFields(args);
        const result = await service.recordRefund(id, body, writeContext(tools, fields));
        return writeAnswer(tools, result, refundedSoFar(result.record));
      }),
  );
}

/**
 * `reissue_label`: a lost, expired or refused return label replaced for the whole parcel, under
 * the REST route's rules (the label job buys the new one; the replaced one is voided).
 */
export function registerLabelReissue(server: ToolRegistry, tools: ToolContext): void {
  const { service, run } = tools;
  server.registerTool(
    "reissue_label",
    {
      title: "Reissue a return's label",
      description:
        "When the customer lost the return label, it expired, or the carrier refused it (label.status created, failed or needs_staff, the return approved): ask for a new one. The label goes back to pending and the shop's label job buys a new one for every approved return of the parcel shortly after (read the return again to see it); a bought label it replaces is voided with the carrier (label.replaces).",
      inputSchema: z.object({
        id: z.string().describe("The return's id (ret_…)."),
        ...writeFields,
      }),
      outputSchema: ReturnOutput,
      annotations: writeAnnotations(false),
    },
    (args) =>
      run(async () => {
        const [{ id }, fields] = splitWriteFields(args);
        const result = await service.reissueLabel(id, {}, writeContext(tools, fields));
        return writeAnswer(tools, result, "label reissued (a new one is being bought)");
      }),
  );
}

/**
 * `record_exchange_payment` and `record_exchange_order`: what the shop's own systems did for an
 * exchange (took the customer's payment of the difference, created the order that sends the new
 * items), recorded under the REST routes' rules, each once per reference or order.
 */
export function registerExchangeRecording(server: ToolRegistry, tools: ToolContext): void {
  const { service, run } = tools;
  const returnId = z.string().describe("The return's id (ret_…).");
  server.registerTool(
    "record_exchange_payment",
    {
      title: "Record the customer's payment of an exchange",
      description:
        "After your payment system took the customer's payment of an exchange's difference (exchange.difference, direction customer_pays), record it: the amount (exactly the difference, in minor units) and your payment reference. The exchange is then released when it can go out (at once for an instant exchange, else once the return arrives).",
      inputSchema: RecordExchangePaymentSchema.safeExtend({ id: returnId, ...writeFields }),
      outputSchema: ReturnOutput,
      annotations: writeAnnotations(false),
    },
    (args) =>
      run(async () => {
        const [{ id, ...body }, fields] = splitWriteFields(args);
        const result = await service.recordExchangePayment(id, body, writeContext(tools, fields));
        return writeAnswer(tools, result, "payment recorded");
      }),
  );
  server.registerTool(
    "record_exchange_order",
    {
      title: "Record the order that sends an exchange",
      description:
        "Once an exchange is released (return.exchange_released), record the id or number of the order your shop created to send the new items; the customer's timeline shows it.",
      inputSchema: RecordExchangeOrderSchema.safeExtend({ id: returnId, ...writeFields }),
      outputSchema: ReturnOutput,
      annotations: writeAnnotations(false),
    },
    (args) =>
      run(async () => {
        const [{ id, ...body }, fields] = splitWriteFields(args);
        const result = await service.recordExchangeOrder(id, body, writeContext(tools, fields));
        return writeAnswer(tools, result, "exchange order recorded");
      }),
  );
}
