/**
 * @module client/customer/use-refund-estimate — what the chosen lines would refund, asked of
 * the API (the request's estimate) each time the choice settles: the shop's own sums, the
 * return shipping fee charged once for the parcel, never worked out again in the page.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { Api } from "../api";
import type { ReturnableOrder, ReturnRequestEstimate } from "../api-schemas";
import type { I18n } from "../i18n";
import { describeProblem, describeRefusedLines } from "../problems";
import { type ChosenLine, estimateReturnRequest } from "../return-request";
import { itemName } from "../shared/product";

export type EstimateState =
  | { kind: "none" }
  | { kind: "working"; previous: ReturnRequestEstimate | null }
  | { kind: "ready"; estimate: ReturnRequestEstimate }
  | { kind: "failed"; message: string };

/** Typing a size or stepping a quantity asks once, after the customer pauses. */
const SETTLE_MS = 250;

interface RefundEstimate {
  state: EstimateState;
  /**
   * Stops asking for the current choice: its wait is cleared and a request on its way is
   * aborted, its answer dropped. Called as the choice is submitted: an estimate asked after the
   * request took those units would be refused (422), since nothing is left to return.
   */
  cancel(): void;
}

/**
 * The estimate of `lines` (null while the choice is incomplete); a stale answer is dropped.
 * While `sending` (the choice is being submitted) nothing is asked and the last answer stays.
 */
export function useRefundEstimate(
  api: Api,
  i18n: I18n,
  order: ReturnableOrder | null,
  lines: ChosenLine[] | null,
  sending: boolean,
): RefundEstimate {
  const [state, setState] = useState<EstimateState>({ kind: "none" });
  const stopCurrent = useRef<() => void>(() => {});
  const key = order && lines ? JSON.stringify([order.order_id, lines.map(choiceOf)]) : "";
  useEffect(() => {
    if (sending) return;
    if (!order || !lines) {
      setState({ kind: "none" });
      return;
    }
    const asking = new AbortController();
    setState((before) => ({ kind: "working", previous: lastEstimate(before) }));
    const timer = setTimeout(async () => {
      try {
        const estimate = await estimateReturnRequest(api, order, lines, asking.signal);
        if (!asking.signal.aborted) setState({ kind: "ready", estimate });
      } catch (problem) {
        if (!asking.signal.aborted) {
          setState({ kind: "failed", message: unavailable(problem, i18n, lines) });
        }
      }
    }, SETTLE_MS);
    const stop = () => {
      clearTimeout(timer);
      asking.abort();
    };
    stopCurrent.current = stop;
    return stop;
  }, [key, sending]);
  return { state, cancel: () => stopCurrent.current() };
}

/** Why there is no estimate, naming a refused item as the customer knows it. */
function unavailable(problem: unknown, i18n: I18n, lines: ChosenLine[]): string {
  const names = lines.map((choice) => itemName(choice.line));
  const reason = describeRefusedLines(problem, i18n, names) ?? describeProblem(problem, i18n);
  return i18n.t("summary.unavailable", { reason });
}

function choiceOf({ line, quantity, reason, resolution, exchangeSize }: ChosenLine) {
  return [line.sku, line.size, quantity, reason, resolution, exchangeSize];
}

function lastEstimate(state: EstimateState): ReturnRequestEstimate | null {
  if (state.kind === "ready") return state.estimate;
  return state.kind === "working" ? state.previous : null;
}
