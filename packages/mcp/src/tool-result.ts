/**
 * @module tool-result — an operation's outcome as a tool result: structured content and a
 * short text a model reads, or, for a refusal, `isError` with the problem so it can recover.
 */

import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { isProblemError, type ProblemDetails } from "@returnkit/core";

/** A success: `structured` is what the tool's output schema describes. */
export function toolResult(structured: Record<string, unknown>, summary: string): CallToolResult {
  return { structuredContent: structured, content: [{ type: "text", text: summary }] };
}

/**
 * Runs `action`; a ProblemError (a domain refusal, a bad input the service found, a missing
 * scope) becomes an `isError` result carrying the problem. Anything else is no answer the
 * caller can act on, so it is reported to the host and the model reads only that it failed.
 */
export async function runTool(
  action: () => Promise<CallToolResult>,
  reportError: (error: unknown) => void,
): Promise<CallToolResult> {
  try {
    return await action();
  } catch (error) {
    if (isProblemError(error)) return problemResult(error.toJSON());
    reportError(error);
    return problemResult({
      type: "about:blank",
      title: "Internal Server Error",
      status: 500,
      detail: "The service could not complete this action; nothing was changed by this call.",
    });
  }
}

function problemResult(problem: ProblemDetails): CallToolResult {
  const text = `${problem.title}: ${problem.detail}`;
  return {
    isError: true,
    structuredContent: { problem },
    content: [{ type: "text", text }],
  };
}
