/**
 * @module write-fields — what every write tool takes besides its body: the idempotency key
 * (the REST Idempotency-Key) and the expected version (If-Match).
 */
import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { OperationContext, Principal, ReturnData, ReturnResult } from "@returnkit/core";
import { z } from "zod";
import { exchangeText, returnItem } from "./line-names";
import { parcelText } from "./parcel-text";
import type { ToolContext } from "./tool-context";
import { toolResult } from "./tool-result";

export const writeFields = {
  idempotency_key: z
    .string()
    .min(1)
    .max(255)
    .describe("Choose one per action; reuse it when you retry the same action."),
  expected_version: z
    .int()
    .min(1)
    .optional()
    .describe("The return's version you acted on; the action is refused if it has changed since."),
};

/** A read tool's annotations: it changes nothing and stays inside the shop. */
export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };

/** A write tool's: replayable with its key; `destructive` when it cannot be undone. */
export function writeAnnotations(destructive: boolean): ToolAnnotations {
  return {
    readOnlyHint: false,
    destructiveHint: destructive,
    idempotentHint: true,
    openWorldHint: false,
  };
}

export interface WriteFields {
  idempotency_key: string;
  expected_version?: number;
}

/** The operation context of a write: the caller, its request's id, its key and its If-Match. */
export function writeContext(
  caller: { principal: Principal; requestId: string },
  fields: WriteFields,
): OperationContext {
  return {
    principal: caller.principal,
    requestId: caller.requestId,
    idempotencyKey: fields.idempotency_key,
    ...(fields.expected_version === undefined ? {} : { ifMatch: fields.expected_version }),
  };
}

/** Splits a write tool's arguments into the operation's body and the write fields. */
export function splitWriteFields<T extends WriteFields>(
  args: T,
): [Omit<T, keyof WriteFields>, WriteFields] {
  const { idempotency_key, expected_version, ...body } = args;
  return [body, { idempotency_key, expected_version }];
}

/** What a return tool answers: the return and what this caller may do to it next. */
export function returnOutput(
  record: ReturnData,
  allowedEvents: readonly string[],
  outcome?: Pick<ReturnResult, "replayed">,
) {
  return {
    return: record,
    allowed_events: [...allowedEvents],
    ...(outcome ? { replayed: outcome.replayed } : {}),
  };
}

/**
 * A write tool's answer: the return with the events the caller may send next, and the summary
 * saying what `verb` did (and whether the key replayed it).
 */
export function writeAnswer(
  tools: Pick<ToolContext, "service" | "principal">,
  result: ReturnResult,
  verb: string,
): CallToolResult {
  const allowed = tools.service.allowedEventsFor(result.record, tools.principal);
  return toolResult(
    returnOutput(result.record, allowed, result),
    summarize(result.record, verb, result.replayed),
  );
}

/** "Return ret_… of Organic cotton tee, Black / M (TEE-BLK) × 1, order #5001, submitted; …" */
export function summarize(record: ReturnData, verb: string, replayed = false): string {
  const again = replayed ? " (replayed: this key already did it)" : "";
  const order = record.order_line?.order_number ?? record.order_id;
  const facts = [exchangeText(record), parcelText(record)].filter(Boolean);
  return `Return ${record.id} of ${returnItem(record)}, order ${order}, ${verb}${again}; state ${record.state}, version ${record.version}${facts.map((fact) => `; ${fact}`).join("")}.`;
}
