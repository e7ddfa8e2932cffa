/** @module client/staff/return-detail — one return: details, actions, history, deliveries. */

import { apiPaths } from "../api-paths";
import type { Return } from "../api-schemas";
import { codeLabel } from "../codes";
import type { I18n } from "../i18n";
import { currencyUnit } from "../money";
import { usePage } from "../shared/context";
import { exchangeMoments, staffExchangeStatus } from "../shared/exchange-progress";
import { exchangeWords } from "../shared/exchange-words";
import { Notice, StateBadge, Timeline } from "../shared/parts";
import { exchangedFor, ProductCell, productLine } from "../shared/product";
import { RefundBlock } from "../shared/refund";
import { GradeExplanation } from "../shared/refund-story";
import { useReasons } from "../shared/use-reasons";
import { ActionForm } from "./action-form";
import { Deliveries } from "./deliveries";
import { OrderFacts } from "./order-facts";
import { ParcelFacts } from "./parcel-facts";
import { RequestSiblings } from "./request-detail";
import { useResource } from "./use-resource";
import { BackLink } from "./view-link";

interface Props {
  id: string;
  onBack(): void;
  onOpenReturn(id: string): void;
  onOpenRequest(id: string): void;
  onOpenCustomer(id: string): void;
}

export function ReturnDetail({ id, onBack, onOpenReturn, onOpenRequest, onOpenCustomer }: Props) {
  const { i18n } = usePage();
  const resource = useResource<Return>(apiPaths.merchantReturn(id));
  const { value: record, error, done, actions, after } = resource;
  const { label } = useReasons();

  if (!record)
    return error ? <Notice kind="error">{error}</Notice> : <p>{i18n.t("app.loading")}</p>;
  const unit = currencyUnit(record.order_line);
  const price = record.order_line?.unit_price ?? null;
  const money = unit && price !== null ? i18n.money(price, unit) : null;
  const templates = Object.entries(record._templates ?? {});
  return (
    <>
      <BackLink onBack={onBack} />
      <div class="rk-grid-2">
        <section class="rk-card" aria-labelledby="rk-return-heading">
          <h2 id="rk-return-heading">
            {i18n.t("staff.returnHeading", { id: record.id })} <StateBadge state={record.state} />
          </h2>
          <dl class="rk-refund">
            <OrderFacts
              orderId={record.order_id}
              customerId={record.customer_id}
              orderLine={record.order_line}
              onOpenCustomer={onOpenCustomer}
            />
            <dt>{i18n.t("staff.column.item")}</dt>
            <dd>
              <ProductCell line={productLine(record)} quantity={record.line.quantity} />
              {money ? (
                <span class="rk-muted"> {i18n.t("line.price", { price: money })}</span>
              ) : null}
            </dd>
            <dt>{i18n.t("staff.column.reason")}</dt>
            <dd>
              {label(record.reason)} · {codeLabel(i18n, "staff.resolution", record.resolution)}
              {exchangedFor(record.exchange) ? " → " : ""}
              {exchangedFor(record.exchange) ? (
                <span data-testid="exchange">{exchangeWords(i18n, record)}</span>
              ) : null}
            </dd>
            <ExchangeProgress record={record} i18n={i18n} />
            <ParcelFacts record={record} i18n={i18n} />
            {record.grade ? (
              <>
                <dt>{i18n.t("event.grade")}</dt>
                <dd>{gradeSummary(record.grade, i18n)}</dd>
              </>
            ) : null}
          </dl>
          <RefundBlock refund={record.refund} />
          {record.refund && record.refunded_amount > 0 ? (
            <p data-testid="refunded-amount">
              {i18n.t("staff.refunded", {
                amount: i18n.money(record.refunded_amount, record.refund),
                total: i18n.money(record.refund.total, record.refund),
              })}
            </p>
          ) : null}
          <GradeExplanation record={record} i18n={i18n} />
          {record.request_id ? (
            <RequestSiblings
              requestId={record.request_id}
              returnId={record.id}
              version={actions}
              onOpenRequest={onOpenRequest}
              onOpenReturn={onOpenReturn}
            />
          ) : null}
          <h3>{i18n.t("staff.history")}</h3>
          <Timeline
            history={record.history}
            payouts={record.payouts}
            moments={exchangeMoments(i18n, record)}
            label={i18n.t("staff.history")}
            actors
          />
        </section>
        <section class="rk-card" aria-labelledby="rk-actions-heading">
          <h2 id="rk-actions-heading">{i18n.t("staff.actions")}</h2>
          <Notice kind="error">{error}</Notice>
          <Notice kind="ok">{done}</Notice>
          {templates.length === 0 ? <p>{i18n.t("staff.noActions")}</p> : null}
          {templates.map(([name, template]) => (
            <ActionForm
              key={`${record.version}-${name}`}
              name={name}
              template={template}
              onDone={(message) => after(message, true)}
              onError={(message) => after(message, false)}
            />
          ))}
        </section>
      </div>
      <Deliveries returnId={record.id} version={actions} />
    </>
  );
}

/** Where the exchange stands: the payment awaited or made, the release, its order, the hold. */
function ExchangeProgress({ record, i18n }: { record: Return; i18n: I18n }) {
  const status = staffExchangeStatus(i18n, record);
  if (!status) return null;
  return (
    <>
      <dt>{i18n.t("staff.exchangeProgress")}</dt>
      <dd data-testid="exchange-status">{status}</dd>
    </>
  );
}

/** The grade's facts (condition, disposition, accepted units) as one line of words. */
function gradeSummary(grade: NonNullable<Return["grade"]>, i18n: I18n): string {
  const facts = [
    grade.condition
      ? `${i18n.t("staff.field.condition")}: ${codeLabel(i18n, "condition", grade.condition)}`
      : null,
    grade.disposition
      ? `${i18n.t("staff.field.disposition")}: ${codeLabel(i18n, "disposition", grade.disposition)}`
      : null,
    `${i18n.t("staff.field.accepted_quantity")}: ${i18n.count("count.units", grade.accepted_quantity)}`,
  ];
  return facts.filter(Boolean).join(", ");
}
