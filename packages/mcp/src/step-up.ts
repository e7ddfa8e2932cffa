/**
 * @module step-up — a caller that may only read, calling a write tool, is answered 403
 * insufficient_scope naming the write scope, so its client can ask the user for more
 * (the tool is not listed to it, but a client may know the name from before).
 */
import {
  type CallerKind,
  hasScope,
  type Principal,
  type ProblemError,
  problems,
  SCOPES,
} from "@returnkit/core";
import { toolNames } from "./server";
import type { McpService, ToolContext } from "./tool-context";

const WRITE_SCOPE: Record<CallerKind, string> = {
  portal: SCOPES.portalWrite,
  merchant: SCOPES.merchantWrite,
};

/**
 * The step-up check for `service`'s tools: the 403 to answer when `message` (the POST's one
 * JSON-RPC message) calls a write tool. The write tools of each family are the ones only the
 * write scope lists, read once from the tools' own registrations.
 */
export function stepUpCheck(
  service: McpService,
): (message: unknown, principal: Principal) => ProblemError | null {
  const writeTools = (kind: CallerKind) => {
    // Only the names are read: no tool runs, so this caller acts for nobody.
    const tools: ToolContext = {
      service,
      principal: { kind, id: "step-up", scopes: [] },
      requestId: "step-up",
      run: () => Promise.reject(new Error("a recorded tool never runs")),
    };
    return toolNames(tools, "write");
  };
  const WRITE_TOOLS: Record<CallerKind, ReadonlySet<string>> = {
    portal: writeTools("portal"),
    merchant: writeTools("merchant"),
  };
  return (message, principal) => {
    if (hasScope(principal, principal.kind, "write")) return null;
    const call = message as { method?: unknown; params?: { name?: unknown } } | null;
    const callsWrite =
      call?.method === "tools/call" && WRITE_TOOLS[principal.kind].has(String(call.params?.name));
    return callsWrite ? problems.insufficientScope([WRITE_SCOPE[principal.kind]]) : null;
  };
}
