/** @module client/customer/returns-list — the customer's returns, each with its progress. */
import { useEffect, useState } from "preact/hooks";
import { describeProblem } from "../problems";
import { usePage } from "../shared/context";
import { Notice, RefundBlock, StateBadge, Timeline } from "../shared/parts";
import { useReasons } from "../shared/use-reasons";
import type { Page, ReturnRecord } from "../types";
import { itemName } from "./line-picker";

interface Props {
  orderId: string | null;
  /** Changes when the list must reload (after a submission). */
  version: number;
  /** Called after a withdrawal or a submission from the list. */
  onChanged(): void;
}

export function ReturnsList({ orderId, version, onChanged }: Props) {
  const { api, i18n } = usePage();
  const [returns, setReturns] = useState<ReturnRecord[] | null>(null);
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  const { label } = useReasons();

  const load = async () => {
    try {
      const query = orderId ? `?order_id=${encodeURIComponent(orderId)}&limit=100` : "?limit=100";
      const page = await api.get<Page<ReturnRecord>>(`/v1/portal/returns${query}`);
      setReturns(page.data.filter((record) => record.state !== "cancelled" || orderId));
    } catch (problem) {
      setError(describeProblem(problem, i18n));
    }
  };
  useEffect(() => {
    void load();
  }, [orderId, version]);

  const act = async (record: ReturnRecord, name: "cancel" | "submit") => {
    const template = record._templates?.[name];
    if (!template) return;
    setError("");
    setDone("");
    try {
      await api.send(template.target, {}, template.method);
      if (name === "cancel") setDone(i18n.t("returns.cancelled"));
    } catch (problem) {
      setError(describeProblem(problem, i18n));
    }
    onChanged();
  };

  const heading = orderId
    ? i18n.t("returns.forOrder", { order: orderId })
    : i18n.t("returns.heading");
  return (
    <section class="rk-card" aria-labelledby="rk-returns-heading">
      <h2 id="rk-returns-heading">{heading}</h2>
      <Notice kind="error">{error}</Notice>
      <Notice kind="ok">{done}</Notice>
      {returns === null ? <p>{i18n.t("app.loading")}</p> : null}
      {returns?.length === 0 ? <p>{i18n.t("returns.none")}</p> : null}
      <ul class="rk-returns">
        {(returns ?? []).map((record) => (
          <li key={record.id} class="rk-return" data-return-id={record.id}>
            <h3>
              {i18n.t("returns.item", {
                item: itemName(record.line),
                quantity: record.line.quantity,
              })}{" "}
              <StateBadge state={record.state} />
            </h3>
            <p class="rk-muted">
              {i18n.t("returns.reason", { reason: label(record.reason) })}
              {record.exchange_size
                ? ` · ${i18n.t("returns.exchangeTo", { size: record.exchange_size })}`
                : ""}
            </p>
            <RefundBlock refund={record.refund} />
            <Timeline history={record.history} label={i18n.t("returns.timeline")} />
            <div class="rk-actions">
              {record._templates?.submit ? (
                <button type="button" class="rk-button" onClick={() => act(record, "submit")}>
                  {i18n.t("returns.submitDraft")}
                </button>
              ) : null}
              {record._templates?.cancel ? (
                <button type="button" class="rk-button" onClick={() => act(record, "cancel")}>
                  {i18n.t("returns.cancel")}
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
