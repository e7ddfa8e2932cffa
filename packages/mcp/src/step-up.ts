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

export async function stepUpNeeded(
  request: Request,
  principal: Principal,
): Promise<ProblemError | null> {
  if (request.method !== "POST" || hasScope(principal, principal.kind, "write")) return null;
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => null);
  const messages = Array.isArray(body) ? body : [body];
  const writes = WRITE_TOOLS[principal.kind];
  const callsWrite = messages.some((message) => {
    const call = message as { method?: unknown; params?: { name?: unknown } } | null;
    return call?.method === "tools/call" && writes.has(String(call.params?.name));
  });
  return callsWrite ? problems.insufficientScope([WRITE_SCOPE[principal.kind]]) : null;
}
