/**
 * @module client/staff/request-detail — a return request: the returns a customer sent together,
 * their refund added up, and the forms the API offers on the whole request (one parcel for
 * every approved return).
 */
import { useEffect, useState } from "preact/hooks";
import { apiPaths } from "../api-paths";
import type { ReturnRequest } from "../api-schemas";
import { codeLabel } from "../codes";
import { usePage } from "../shared/context";
import { staffDifference } from "../shared/exchange-words";
import { Notice, StateBadge } from "../shared/parts";
import { exchangedFor, itemName, ProductCell, productLine } from "../shared/product";
import { RequestRefundBlock } from "../shared/refund";
import { ActionForm } from "./action-form";
import { OrderFacts } from "./order-facts";
import { useResource } from "./use-resource";
import { BackLink, ViewLink } from "./view-link";

interface Props {
  id: string;
  onOpenReturn(id: string): void;
  onOpenCustomer(id: string): void;
  onBack(): void;
}

export function RequestDetail({ id, onOpenReturn, onOpenCustomer, onBack }: Props) {
  const { i18n } = usePage();
  const {
    value: request,
    error,
    done,
    after,
  } = useResource<ReturnRequest>(apiPaths.merchantReturnRequest(id));

  if (!request)
    return error ? <Notice kind="error">{error}</Notice> : <p>{i18n.t("app.loading")}</p>;
  const templates = Object.entries(request._templates ?? {});
  return (
    <>
      <BackLink onBack={onBack} />
      <section class="rk-card" aria-labelledby="rk-request-heading">
        <h2 id="rk-request-heading">{i18n.t("staff.requestHeading", { id: request.id })}</h2>
        <dl class="rk-refund">
          <OrderFacts
            orderId={request.order_id}
            customerId={request.customer_id}
            orderLine={request.returns.find((record) => record.order_line)?.order_line ?? null}
            onOpenCustomer={onOpenCustomer}
          />
        </dl>
        <RequestRefundBlock
          refund={request.refund}
          parts={request.returns}
          label={i18n.t("staff.requestRefund")}
        />
        <div class="rk-table-wrap">
          <table class="rk-table">
            <caption class="rk-visually-hidden">{i18n.t("staff.requestReturns")}</caption>
            <thead>
              <tr>
                <th scope="col">{i18n.t("staff.column.return")}</th>
                <th scope="col">{i18n.t("staff.column.item")}</th>
                <th scope="col">{i18n.t("staff.column.state")}</th>
                <th scope="col">{i18n.t("returns.refund")}</th>
              </tr>
            </thead>
            <tbody>
              {request.returns.map((record) => (
                <tr key={record.id} data-return-id={record.id}>
                  <td>
                    <ViewLink kind="return" id={record.id} onOpen={onOpenReturn} />
                  </td>
                  <td>
                    <ProductCell line={productLine(record)} quantity={record.line.quantity} />{" "}
                    <span class="rk-muted rk-resolution">
                      {codeLabel(i18n, "staff.resolution", record.resolution)}
                    </span>
                  </td>
                  <td>
                    <StateBadge state={record.state} />
                  </td>
                  <td>
                    {record.resolution === "EXCHANGE" && exchangedFor(record.exchange) ? (
                      <span data-testid="exchange">
                        {[
                          i18n.t("staff.exchangeFor", {
                            item: exchangedFor(record.exchange) ?? "",
                          }),
                          staffDifference(i18n, record.exchange?.difference, record.refund),
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                      </span>
                    ) : record.refund ? (
                      i18n.money(record.refund.total, record.refund)
                    ) : (
                      "—"
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section class="rk-card" aria-labelledby="rk-request-actions-heading">
        <h2 id="rk-request-actions-heading">{i18n.t("staff.actions")}</h2>
        <Notice kind="error">{error}</Notice>
        <Notice kind="ok">{done}</Notice>
        {templates.length === 0 ? <p>{i18n.t("staff.noActions")}</p> : null}
        {templates.map(([name, template]) => (
          <ActionForm
            key={`${request.returns.map((r) => r.version).join(".")}-${name}`}
            name={`request_${name}`}
            template={template}
            onDone={(message) => after(message, true)}
            onError={(message) => after(message, false)}
          />
        ))}
      </section>
    </>
  );
}

/** On a return's page: the request it came in, and its siblings, each a link. */
export function RequestSiblings(props: {
  requestId: string;
  returnId: string;
  version: number;
  onOpenRequest(id: string): void;
  onOpenReturn(id: string): void;
}) {
  const { api, i18n } = usePage();
  const [request, setRequest] = useState<ReturnRequest | null>(null);
  useEffect(() => {
    api
      .get<ReturnRequest>(apiPaths.merchantReturnRequest(props.requestId))
      .then(setRequest)
      .catch(() => setRequest(null));
  }, [props.requestId, props.version]);
  const siblings = (request?.returns ?? []).filter((record) => record.id !== props.returnId);
  return (
    <div class="rk-request-siblings">
      <h3>{i18n.t("staff.inRequest")}</h3>
      <p>
        <ViewLink kind="request" id={props.requestId} onOpen={props.onOpenRequest} />
        {request?.refund
          ? ` · ${i18n.t("staff.requestRefund")}: ${i18n.money(request.refund.total, request.refund)}`
          : ""}
      </p>
      {siblings.length ? (
        <ul aria-label={i18n.t("staff.siblings")}>
          {siblings.map((record) => (
            <li key={record.id}>
              <ViewLink kind="return" id={record.id} onOpen={props.onOpenReturn} /> ·{" "}
              {itemName(productLine(record))} <StateBadge state={record.state} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
