/** @module client/staff/deliveries — a return's webhook deliveries, every attempt, redelivery. */
import { useEffect, useState } from "preact/hooks";
import { apiPaths } from "../api-paths";
import type {
  RevivedDeliveries,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEventList,
} from "../api-schemas";
import { codeLabel } from "../codes";
import { describeProblem } from "../problems";
import { usePage } from "../shared/context";
import { Notice } from "../shared/parts";

export function Deliveries({ returnId, version }: { returnId: string; version: number }) {
  const { api, i18n } = usePage();
  const [deliveries, setDeliveries] = useState<WebhookDelivery[] | null>(null);
  const [types, setTypes] = useState<Record<string, string>>({});
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  const statusLabel = (status: string) => codeLabel(i18n, "delivery", status);

  const load = async () => {
    try {
      const [page, events] = await Promise.all([
        api.get<WebhookDeliveryList>(
          apiPaths.webhookDeliveries({ return_id: returnId, limit: 100 }),
        ),
        api.get<WebhookEventList>(apiPaths.webhookEvents({ return_id: returnId })),
      ]);
      setDeliveries(page.data);
      setTypes(Object.fromEntries(events.data.map((event) => [event.id, event.type])));
    } catch (problem) {
      setError(describeProblem(problem, i18n));
    }
  };
  useEffect(() => {
    void load();
  }, [returnId, version]);

  const redeliver = async (delivery: WebhookDelivery) => {
    try {
      const answer = await api.send<RevivedDeliveries>(apiPaths.redeliverEvent(delivery.event_id), {
        endpoint_id: delivery.endpoint_id,
      });
      setDone(i18n.count("staff.redelivered", answer.revived));
      setError("");
    } catch (problem) {
      setError(describeProblem(problem, i18n));
    }
    await load();
  };

  return (
    <section class="rk-card" aria-labelledby="rk-deliveries-heading">
      <h2 id="rk-deliveries-heading">{i18n.t("staff.deliveries")}</h2>
      <Notice kind="error">{error}</Notice>
      <Notice kind="ok">{done}</Notice>
      {deliveries?.length === 0 ? <p>{i18n.t("staff.noDeliveries")}</p> : null}
      {deliveries?.length ? (
        <div class="rk-table-wrap">
          <table class="rk-table">
            <thead>
              <tr>
                <th scope="col">{i18n.t("staff.column.event")}</th>
                <th scope="col">{i18n.t("staff.column.endpoint")}</th>
                <th scope="col">{i18n.t("staff.column.state")}</th>
                <th scope="col">{i18n.t("staff.column.attempts")}</th>
                <th scope="col">
                  <span class="rk-visually-hidden">{i18n.t("staff.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id} data-delivery-status={delivery.status}>
                  <td>{types[delivery.event_id] ?? delivery.event_id}</td>
                  <td>{delivery.endpoint_id}</td>
                  <td>
                    <span class={`rk-badge rk-delivery-${delivery.status}`}>
                      {statusLabel(delivery.status)}
                    </span>
                  </td>
                  <td>
                    <details>
                      <summary>{i18n.count("staff.attempts", delivery.attempt_count)}</summary>
                      <ol>
                        {delivery.attempts.map((attempt) => (
                          <li>
                            <time dateTime={attempt.at}>{i18n.dateTime(attempt.at)}</time> ·{" "}
                            {attempt.status ?? attempt.error} · {attempt.duration_ms} ms
                          </li>
                        ))}
                      </ol>
                    </details>
                  </td>
                  <td>
                    {delivery.status === "dead" ? (
                      <button type="button" class="rk-button" onClick={() => redeliver(delivery)}>
                        {i18n.t("staff.redeliver")}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
