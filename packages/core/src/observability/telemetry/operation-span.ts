/**
 * @module observability/telemetry/operation-span — a span around each returns operation and each store
 * commit (children of the request's span when there is one), and the commits counter.
 */
import { type Attributes, type Span, SpanStatusCode } from "@opentelemetry/api";
import { isProblemError } from "../../domain/problems";
import type { CommitResult, ReturnsCommitResult } from "../../store/types";
import { instruments, registeredTracer, tracer } from "./instruments";

interface OperationAttributes {
  returnId?: string;
  /** The caller's family (`portal`, `merchant`). */
  caller?: string;
}

/** Runs one operation (`create`, `submit`, `get`…) inside its span, `returnkit <operation>`. */
export function traceOperation<T>(
  operation: string,
  { returnId, caller }: OperationAttributes,
  run: () => Promise<T>,
): Promise<T> {
  const registered = registeredTracer();
  // The no-op span would only re-activate the request's trace context, active already.
  if (!registered) return run();
  const attributes: Attributes = {
    "returnkit.operation": operation,
    ...(returnId ? { "returnkit.return.id": returnId } : {}),
    ...(caller ? { "returnkit.caller.kind": caller } : {}),
  };
  return registered.startActiveSpan(`returnkit ${operation}`, { attributes }, async (span) => {
    try {
      return await run();
    } catch (error) {
      markFailed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Runs one store commit inside its span, `returnkit.store commit`, and counts it in
 * `returnkit.store.commits` by `returnkit.commit.outcome`: `committed`, the store's refusal
 * (`version_conflict`, `idempotency_conflict`, `quantity_exceeded`, `already_exists`) or `error`.
 */
export function traceCommit<Result extends CommitResult | ReturnsCommitResult>(
  returnId: string,
  commit: () => Promise<Result>,
): Promise<Result> {
  const registered = registeredTracer();
  const { recording, commits } = instruments();
  if (!registered && !recording) return commit();
  const attributes = { "returnkit.return.id": returnId };
  return (registered ?? tracer()).startActiveSpan(
    "returnkit.store commit",
    { attributes },
    async (span) => {
      let outcome = "error";
      try {
        const result = await commit();
        outcome = result.ok ? "committed" : result.reason;
        if (result.ok) span.setAttribute("returnkit.events.count", result.events.flat().length);
        return result;
      } catch (error) {
        markFailed(span, error);
        throw error;
      } finally {
        span.setAttribute("returnkit.commit.outcome", outcome);
        span.end();
        commits.add(1, { "returnkit.commit.outcome": outcome });
      }
    },
  );
}

/** A refusal the client must see (4xx) is no failure of the service's; anything else is. */
function markFailed(span: Span, error: unknown): void {
  if (isProblemError(error)) {
    span.setAttribute("returnkit.problem.status", error.status);
    if (error.status < 500) return;
    span.setAttribute("error.type", String(error.status));
  } else {
    span.recordException(error instanceof Error ? error : String(error));
    span.setAttribute("error.type", error instanceof Error ? error.name : "_OTHER");
  }
  span.setStatus({ code: SpanStatusCode.ERROR });
}
