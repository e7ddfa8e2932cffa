/**
 * @module step-up — a caller that may only read, calling a write tool, is answered 403
 * insufficient_scope naming the write scope, so its client can ask the user for more
 * (the tool is not listed to it, but a client may know the name from before).
 */
import {
  type CallerKind,
  hasScope,
  MERCHANT_EVENTS,
  type Principal,
  type ProblemError,
  problems,
  SCOPES,
} from "@returnkit/core";

const WRITE_TOOLS: Record<CallerKind, ReadonlySet<string>> = {
  portal: new Set(["start_return", "update_return", "submit_return", "cancel_return"]),
  merchant: new Set(MERCHANT_EVENTS.map((event) => `${event}_return`)),
};

const WRITE_SCOPE: Record<CallerKind, string> = {
  portal: SCOPES.portalWrite,
  merchant: SCOPES.merchantWrite,
};

/** The 403 to answer when `message` (the POST's one JSON-RPC message) calls a write tool. */
export function stepUpNeeded(message: unknown, principal: Principal): ProblemError | null {
  if (hasScope(principal, principal.kind, "write")) return null;
  const call = message as { method?: unknown; params?: { name?: unknown } } | null;
  const callsWrite =
    call?.method === "tools/call" && WRITE_TOOLS[principal.kind].has(String(call.params?.name));
  return callsWrite ? problems.insufficientScope([WRITE_SCOPE[principal.kind]]) : null;
}
