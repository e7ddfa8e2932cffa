/**
 * @module customer-tools — what a customer's assistant may do: its own returns only, from
 * the portal operations. Write tools are listed only to a caller holding the write scope.
 */
import {
  CancelReturnSchema,
  PortalListQuerySchema,
  type ReturnResult,
  SubmitReturnSchema,
} from "@returnkit/core";
import { z } from "zod";
import { listSummary, returnableLines } from "./line-names";
import { ReturnableOrderOutput, ReturnListOutput, ReturnOutput } from "./output-schemas";
import type { ToolContext, ToolRegistry } from "./tool-context";
import { toolResult } from "./tool-result";
import {
  READ_ONLY,
  returnOutput,
  splitWriteFields,
  summarize,
  writeAnnotations,
  writeAnswer,
  writeContext,
  writeFields,
} from "./write-fields";

const returnId = z.string().describe("The return's id (ret_…).");

export function registerCustomerReads(server: ToolRegistry, tools: ToolContext): void {
  const { service, principal, run } = tools;
  const ctx = { principal };
  server.registerTool(
    "list_my_returns",
    {
      title: "List my returns",
      description: "Your returns, newest first; filter by order, page with cursor.",
      inputSchema: PortalListQuerySchema,
      outputSchema: ReturnListOutput,
      annotations: READ_ONLY,
    },
    (query) =>
      run(async () => {
        const page = await service.list(query, ctx);
        const output = { returns: page.data, next_cursor: page.next_cursor };
        return toolResult(output, listSummary(page.data, page.next_cursor));
      }),
  );
  registerGetReturn(server, tools);
  server.registerTool(
    "returnable_lines",
    {
      title: "What can be returned from an order",
      description:
        "The lines of one of your orders, each with the quantity you can still return and, if none, why not, and the reasons it allows (reasons.codes; for fit, reasons.fit's directions and body parts). Call it before start_return: its reason must be one of the line's. Lines the shop exchanges list exchange_offers: other variants or products, each priced, for start_return's exchange_for.",
      inputSchema: z.object({ order_id: z.string().min(1).max(128) }),
      outputSchema: ReturnableOrderOutput,
      annotations: READ_ONLY,
    },
    ({ order_id }) =>
      run(async () => {
        const order = await service.returnableLines(order_id, ctx);
        const number = order.order_number
          ? `${order.order_number} (${order.order_id})`
          : order.order_id;
        return toolResult(
          { order },
          `Order ${number}: ${order.lines.length} line(s): ${returnableLines(order.lines)}.`,
        );
      }),
  );
}

export function registerGetReturn(server: ToolRegistry, tools: ToolContext): void {
  const { service, principal, run } = tools;
  server.registerTool(
    "get_return",
    {
      title: "Get a return",
      description:
        "One return with its history and what you may do to it now; once a return label is bought, label (carrier and service, tracking number and URL, label_url, cost, fee_charged) and tracking (the carrier's latest status and scans).",
      inputSchema: z.object({ id: returnId }),
      outputSchema: ReturnOutput,
      annotations: READ_ONLY,
    },
    ({ id }) =>
      run(async () => {
        const record = await service.get(id, { principal });
        const allowed = service.allowedEventsFor(record, principal);
        return toolResult(returnOutput(record, allowed), summarize(record, "found"));
      }),
  );
}

export function registerCustomerWrites(server: ToolRegistry, tools: ToolContext): void {
  const { service, run } = tools;
  const answer = (verb: string) => (result: ReturnResult) => writeAnswer(tools, result, verb);
  server.registerTool(
    "start_return",
    {
      title: "Start a return",
      description:
        "Creates a draft return for one line of one of your orders, with one of the reasons returnable_lines offers for that line. To exchange it, resolution EXCHANGE and exchange_for.sku, one of the line's available exchange_offers: the shop prices it, and the return's exchange.difference says who pays what. Submit it with submit_return.",
      inputSchema: service.schemas.CreateReturn.safeExtend(writeFields),
      outputSchema: ReturnOutput,
      annotations: writeAnnotations(false),
    },
    (args) =>
      run(async () => {
        const [body, fields] = splitWriteFields(args);
        return answer("started as a draft")(
          await service.createReturn(body, writeContext(tools, fields)),
        );
      }),
  );
  server.registerTool(
    "update_return",
    {
      title: "Change a draft return",
      description:
        "Changes a draft's reason, resolution or the item it is exchanged for (exchange_for).",
      inputSchema: service.schemas.UpdateReturn.safeExtend({ id: returnId, ...writeFields }),
      outputSchema: ReturnOutput,
      annotations: writeAnnotations(false),
    },
    (args) =>
      run(async () => {
        const [{ id, ...patch }, fields] = splitWriteFields(args);
        return answer("updated")(await service.updateDraft(id, patch, writeContext(tools, fields)));
      }),
  );
  server.registerTool(
    "submit_return",
    {
      title: "Submit a return",
      description: "Sends a draft to the shop for review.",
      inputSchema: SubmitReturnSchema.safeExtend({ id: returnId, ...writeFields }),
      outputSchema: ReturnOutput,
      annotations: writeAnnotations(false),
    },
    (args) =>
      run(async () => {
        const [{ id, ...body }, fields] = splitWriteFields(args);
        return answer("submitted")(await service.submit(id, body, writeContext(tools, fields)));
      }),
  );
  server.registerTool(
    "cancel_return",
    {
      title: "Cancel a return",
      description: "Withdraws a return that the shop has not approved yet. It cannot be undone.",
      inputSchema: CancelReturnSchema.safeExtend({ id: returnId, ...writeFields }),
      outputSchema: ReturnOutput,
      annotations: writeAnnotations(true),
    },
    (args) =>
      run(async () => {
        const [{ id, ...body }, fields] = splitWriteFields(args);
        return answer("cancelled")(await service.cancel(id, body, writeContext(tools, fields)));
      }),
  );
}
