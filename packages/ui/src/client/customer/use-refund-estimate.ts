/**
 * @module client/customer/use-refund-estimate — what the chosen lines would refund, asked of
 * the API (the request's estimate) each time the choice settles: the shop's own sums, the
 * return shipping fee charged once for the parcel, never worked out again in the page.
 */
import { useEffect, useState } from "preact/hooks";
import type { Api } from "../api";
import type { ReturnableOrder, ReturnRequestEstimate } from "../api-schemas";
import type { I18n } from "../i18n";
import { describeProblem, describeRefusedLines } from "../problems";
import { type ChosenLine, estimateReturnRequest } from "../return-request";
import { itemName } from "./line-picker";

export type EstimateState =
  | { kind: "none" }
  | { kind: "working"; previous: ReturnRequestEstimate | null }
  | { kind: "ready"; estimate: ReturnRequestEstimate }
  | { kind: "failed"; message: string };

/** Typing a size or stepping a quantity asks once, after the customer pauses. */
const SETTLE_MS = 250;

/** The estimate of `lines` (null while the choice is incomplete); a stale answer is dropped. */
export function useRefundEstimate(
  api: Api,
  i18n: I18n,
  order: ReturnableOrder | null,
  lines: ChosenLine[] | null,
): EstimateState {
  const [state, setState] = useState<EstimateState>({ kind: "none" });
  const key = order && lines ? JSON.stringify([order.order_id, lines.map(choiceOf)]) : "";
  useEffect(() => {
    if (!order || !lines) {
      setState({ kind: "none" });
      return;
    }
    let current = true;
    setState((before) => ({ kind: "working", previous: lastEstimate(before) }));
    const timer = setTimeout(async () => {
      try {
        const estimate = await estimateReturnRequest(api, order, lines);
        if (current) setState({ kind: "ready", estimate });
      } catch (problem) {
        if (current) setState({ kind: "failed", message: unavailable(problem, i18n, lines) });
      }
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key]);
  return state;
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
