/**
 * @module request-tools — a customer's return of several lines of one order at once: start it
 * (one draft per line, all or none), read it, submit every draft together.
 */
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ReturnRequestData, ReturnRequestResult } from "@returnkit/core";
import { SubmitReturnRequestSchema } from "@returnkit/core";
import { z } from "zod";
import { ReturnRequestOutput } from "./output-schemas";
import type { ToolContext } from "./tool-context";
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

function summary(request: ReturnRequestData, verb: string, replayed = false): string {
  const states = request.returns.map((one) => `${one.id} ${one.state}`).join(", ");
  return `Return request ${request.id} ${replayed ? `was already ${verb}` : verb}: ${states}.`;
}

function answer(verb: string) {
  return (result: ReturnRequestResult) =>
    toolResult(
      { request: result.request, replayed: result.replayed },
      summary(result.request, verb, result.replayed),
    );
}

export function registerRequestReads(server: McpServer, tools: ToolContext): void {
  const { service, principal, run } = tools;
  server.registerTool(
    "get_return_request",
    {
      title: "Get a return request",
      description: "A return of several lines: each line's return with its state and history.",
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

export function registerRequestWrites(server: McpServer, tools: ToolContext): void {
  const { service, run } = tools;
  server.registerTool(
    "start_return_request",
    {
      title: "Start a return of several lines",
      description:
        "Creates one draft return for each line of one of your orders, all or none: if any line cannot be returned, nothing is created and the problem names each such line by its index. Submit them with submit_return_request.",
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
