/**
 * @module client/customer/returns-list — the customer's returns, each with its progress: the
 * ones sent together as their request (its refund added up, its drafts submitted at once),
 * a return sent alone on its own.
 */
import { useEffect, useState } from "preact/hooks";
import { apiPaths } from "../api-paths";
import type { Return, ReturnList, ReturnRequest, Template } from "../api-schemas";
import { describeProblem } from "../problems";
import { usePage } from "../shared/context";
import { Notice } from "../shared/parts";
import { orderNumberOf } from "../shared/product";
import { RequestRefundBlock } from "../shared/refund";
import { useReasons } from "../shared/use-reasons";
import { useReturnPolicy } from "../shared/use-return-policy";
import { ReturnItem } from "./return-item";
import { SendBack } from "./send-back";

interface Props {
  orderId: string | null;
  /** Changes when the list must reload (after a submission). */
  version: number;
  /** Called after a withdrawal or a submission from the list. */
  onChanged(): void;
}

/** A request, read whole, or a return made alone; in the order the list gave them. */
type Entry = { request: ReturnRequest } | { record: Return };

async function loadEntries(
  api: ReturnType<typeof usePage>["api"],
  orderId: string | null,
): Promise<Entry[]> {
  const page = await api.get<ReturnList>(
    apiPaths.portalReturns({ order_id: orderId ?? undefined, limit: 100 }),
  );
  const shown = page.data.filter((record) => record.state !== "cancelled" || orderId);
  const requestIds = [...new Set(shown.flatMap((r) => (r.request_id ? [r.request_id] : [])))];
  const requests = await Promise.all(
    requestIds.map((id) => api.get<ReturnRequest>(apiPaths.portalReturnRequest(id))),
  );
  const byId = new Map(requests.map((request) => [request.id, request]));
  const entries: Entry[] = [];
  const placed = new Set<string>();
  for (const record of shown) {
    const request = record.request_id ? byId.get(record.request_id) : undefined;
    if (!request) entries.push({ record });
    else if (!placed.has(request.id)) {
      placed.add(request.id);
      entries.push({ request });
    }
  }
  return entries;
}

export function ReturnsList({ orderId, version, onChanged }: Props) {
  const { api, i18n } = usePage();
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  const { label } = useReasons();
  const policy = useReturnPolicy();

  useEffect(() => {
    loadEntries(api, orderId)
      .then(setEntries)
      .catch((problem) => setError(describeProblem(problem, i18n)));
  }, [orderId, version]);

  const send = async (template: Template | undefined, success: string) => {
    if (!template) return;
    setError("");
    setDone("");
    try {
      await api.send(template.target, {}, template.method);
      setDone(success);
    } catch (problem) {
      setError(describeProblem(problem, i18n));
    }
    onChanged();
  };
  const act = (record: Return, name: "cancel" | "submit") =>
    send(
      record._templates?.[name],
      i18n.t(name === "cancel" ? "returns.cancelled" : "request.submitted"),
    );

  const records = (entries ?? []).flatMap((entry) =>
    "record" in entry ? [entry.record] : entry.request.returns,
  );
  const heading = orderId
    ? i18n.t("returns.forOrder", { order: orderNumberOf(records, orderId) })
    : i18n.t("returns.heading");
  return (
    <section class="rk-card" aria-labelledby="rk-returns-heading">
      <h2 id="rk-returns-heading">{heading}</h2>
      <Notice kind="error">{error}</Notice>
      <Notice kind="ok">{done}</Notice>
      {entries === null && !error ? <p>{i18n.t("app.loading")}</p> : null}
      {entries?.length === 0 ? <p>{i18n.t("returns.none")}</p> : null}
      <ul class="rk-returns">
        {(entries ?? []).map((entry) =>
          "record" in entry ? (
            <ReturnItem key={entry.record.id} record={entry.record} label={label} onAct={act} />
          ) : (
            <li key={entry.request.id} class="rk-request" data-request-id={entry.request.id}>
              <h3>{i18n.t("request.heading", { date: i18n.date(entry.request.created_at) })}</h3>
              <RequestRefundBlock
                refund={entry.request.refund}
                parts={entry.request.returns}
                label={i18n.t("request.refund")}
              />
              <SendBack request={entry.request} policy={policy} />
              {entry.request._templates?.submit ? (
                <button
                  type="button"
                  class="rk-button rk-primary"
                  onClick={() =>
                    send(entry.request._templates?.submit, i18n.t("request.submitted"))
                  }
                >
                  {i18n.t("request.submit")}
                </button>
              ) : null}
              <ul class="rk-returns">
                {entry.request.returns.map((record) => (
                  <ReturnItem key={record.id} record={record} label={label} onAct={act} />
                ))}
              </ul>
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
