/** @module client/customer/return-form — the returnable lines of an order, chosen and submitted. */
import { useEffect, useState } from "preact/hooks";
import { apiPaths } from "../api-paths";
import type { Reason, ReasonList, ReturnableOrder } from "../api-schemas";
import type { I18n } from "../i18n";
import { currencyUnit } from "../money";
import { describeProblem } from "../problems";
import { submitReturnRequest } from "../return-request";
import { usePage } from "../shared/context";
import { Notice } from "../shared/parts";
import { itemName } from "../shared/product";
import { useReturnPolicy } from "../shared/use-return-policy";
import {
  answersChoice,
  chosenCount,
  chosenLines,
  initialChoice,
  type LineChoice,
  lineKey,
} from "./choice";
import { LinePicker } from "./line-picker";
import { MethodPicker } from "./method-picker";
import { Summary } from "./summary";
import { useRefundEstimate } from "./use-refund-estimate";

interface Props {
  orderId: string;
  /** Changes when a return changed elsewhere on the page (a withdrawal frees its units). */
  version: number;
  /** Called after a submission, so the list of returns reloads. */
  onSubmitted(): void;
}

export function ReturnForm({ orderId, version, onSubmitted }: Props) {
  const { api, i18n } = usePage();
  const [order, setOrder] = useState<ReturnableOrder | null>(null);
  const [reasons, setReasons] = useState<Reason[]>([]);
  const [choices, setChoices] = useState<Record<string, LineChoice>>({});
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  const [busy, setBusy] = useState(false);
  const policy = useReturnPolicy();
  const restockingPercent = policy?.fees.restocking_fee.percent ?? null;
  const methods = policy?.return_methods ?? [];
  const [method, setMethod] = useState<(typeof methods)[number] | null>(null);

  const load = async () => {
    try {
      const [returnable, catalogue] = await Promise.all([
        api.get<ReturnableOrder>(apiPaths.returnableOrder(orderId)),
        api.get<ReasonList>(apiPaths.reasons()),
      ]);
      setOrder(returnable);
      setReasons(catalogue.data);
      setChoices(Object.fromEntries(returnable.lines.map((l) => [lineKey(l), initialChoice(l)])));
    } catch (problem) {
      setError(describeProblem(problem, i18n));
    }
  };
  useEffect(() => {
    setOrder(null);
    setError("");
    void load();
  }, [orderId]);
  useEffect(() => {
    if (version > 0) void load();
  }, [version]);

  const choice = order ? chosenLines(order.lines, choices) : null;
  const complete = choice && "lines" in choice ? choice.lines : null;
  const estimate = useRefundEstimate(api, i18n, order, complete, busy);
  // Per line, only the answer for the choice as it is now: never a figure the request would not carry.
  const answer =
    estimate.state.kind === "ready" && complete && answersChoice(estimate.state.estimate, complete)
      ? estimate.state.estimate
      : null;

  if (!order) return error ? <Notice kind="error">{error}</Notice> : <p>{i18n.t("app.loading")}</p>;

  const lines = complete ?? whyIncomplete(choice, i18n);
  const blocked =
    typeof lines === "string"
      ? lines
      : methods.length > 1 && !method
        ? i18n.t("submit.methodMissing")
        : null;

  const submit = async (event: Event) => {
    event.preventDefault();
    setDone("");
    if (typeof lines === "string" || blocked) return;
    estimate.cancel();
    setError("");
    setBusy(true);
    try {
      const request = await submitReturnRequest(api, order, lines, method);
      const refund = request.refund;
      const exchangesOnly = lines.every((line) => line.resolution === "EXCHANGE");
      setDone(
        refund && !exchangesOnly
          ? i18n.t("submit.doneWithRefund", { amount: i18n.money(refund.total, refund) })
          : i18n.t("submit.done"),
      );
      await load();
    } catch (problem) {
      setError(
        describeProblem(
          problem,
          i18n,
          lines.map((choice) => itemName(choice.line)),
        ),
      );
      await load();
    } finally {
      setBusy(false);
      onSubmitted();
    }
  };

  return (
    <form class="rk-card" onSubmit={submit} noValidate aria-labelledby="rk-order-heading">
      <h2 id="rk-order-heading">
        {i18n.t("order.heading", { order: order.order_number ?? order.order_id })}
      </h2>
      <p class="rk-muted">{i18n.t("order.placed", { date: i18n.date(order.placed_at) })}</p>
      <h3>{i18n.t("order.choose")}</h3>
      <ul class="rk-lines">
        {order.lines.map((line, index) => (
          <LinePicker
            key={lineKey(line)}
            line={line}
            index={index}
            unit={currencyUnit(order)}
            reasons={reasons}
            choice={choices[lineKey(line)] ?? initialChoice(line)}
            estimate={answer}
            onChange={(next) => setChoices({ ...choices, [lineKey(line)]: next })}
          />
        ))}
      </ul>
      <Summary
        count={chosenCount(order.lines, choices)}
        state={estimate.state}
        unit={currencyUnit(order)}
        restockingPercent={restockingPercent}
      />
      <MethodPicker methods={methods} value={method} onChange={setMethod} />
      <Notice kind="error">{error}</Notice>
      <Notice kind="ok">{done}</Notice>
      <SubmitButton busy={busy} blocked={blocked} />
    </form>
  );
}

/** Submits the choice; off until it is complete, with why in words tied to the button. */
function SubmitButton({ busy, blocked }: { busy: boolean; blocked: string | null }) {
  const { i18n } = usePage();
  return (
    <>
      {blocked ? (
        <p id="rk-submit-why" class="rk-muted">
          {blocked}
        </p>
      ) : null}
      <button
        type="submit"
        class="rk-button rk-primary"
        disabled={busy || blocked !== null}
        aria-busy={busy}
        aria-describedby={blocked ? "rk-submit-why" : undefined}
      >
        {busy ? i18n.t("submit.sending") : i18n.t("submit.button")}
      </button>
    </>
  );
}

/** Why the choice cannot be sent yet, in words naming the item. */
function whyIncomplete(choice: ReturnType<typeof chosenLines> | null, i18n: I18n): string {
  if (!choice || "lines" in choice || choice.missing === "nothing") {
    return i18n.t("submit.nothing");
  }
  const item = itemName(choice.line);
  return i18n.t(choice.missing === "reason" ? "submit.reasonMissing" : "submit.sizeMissing", {
    item,
  });
}
