/** @module client/customer/return-item — one return the customer follows: its progress and refund. */

import type { Return } from "../api-schemas";
import { usePage } from "../shared/context";
import { customerExchangeStatus, exchangeMoments } from "../shared/exchange-progress";
import { customerDifference } from "../shared/exchange-words";
import { StateBadge, Timeline } from "../shared/parts";
import { exchangedFor, itemName, ProductThumb, productLine } from "../shared/product";
import { RefundBlock } from "../shared/refund";
import { GradeExplanation } from "../shared/refund-story";
import { ParcelLabel, ParcelStatus } from "./parcel-label";
import { SENDABLE } from "./send-back";

interface Props {
  record: Return;
  label(code: string): string;
  /** A return's own form: `cancel`, or `submit` for a draft made alone (a request's go together). */
  onAct(record: Return, name: "cancel" | "submit"): void;
}

export function ReturnItem({ record, label, onAct }: Props) {
  const { i18n } = usePage();
  const line = productLine(record);
  return (
    <li class="rk-return" data-return-id={record.id}>
      <div class="rk-return-head">
        <ProductThumb line={line} lazy />
        <h3>
          {i18n.t("returns.item", { item: itemName(line), quantity: record.line.quantity })}{" "}
          <StateBadge state={record.state} />
        </h3>
        {line.product?.title ? <span class="rk-muted rk-product-sku">{line.sku}</span> : null}
      </div>
      <p class="rk-muted">{i18n.t("returns.reason", { reason: label(record.reason) })}</p>
      <ExchangeLine record={record} />
      <ReturnParcel record={record} />
      <RefundBlock refund={record.refund} />
      <GradeExplanation record={record} i18n={i18n} />
      <Timeline
        history={record.history}
        payouts={record.payouts}
        moments={exchangeMoments(i18n, record)}
        label={i18n.t("returns.timeline")}
      />
      <div class="rk-actions">
        {record._templates?.submit && !record.request_id ? (
          <button type="button" class="rk-button" onClick={() => onAct(record, "submit")}>
            {i18n.t("returns.submitDraft")}
          </button>
        ) : null}
        {record._templates?.cancel ? (
          <button type="button" class="rk-button" onClick={() => onAct(record, "cancel")}>
            {i18n.t("returns.cancel")}
          </button>
        ) : null}
      </div>
    </li>
  );
}

/** The item an exchange brings, and the difference it settles ("· €7.00 to pay"), if any. */
function ExchangeLine({ record }: { record: Return }) {
  const { i18n } = usePage();
  const item = exchangedFor(record.exchange);
  if (!item) return null;
  const difference = customerDifference(i18n, record.exchange?.difference, record.refund);
  const status = customerExchangeStatus(i18n, record);
  return (
    <>
      <p class="rk-estimate">
        {difference
          ? i18n.t("line.exchangeDifference", { item, difference })
          : i18n.t("line.exchange", { item })}
      </p>
      {status ? <p class="rk-exchange-status">{status}</p> : null}
    </>
  );
}

/**
 * The parcel of a return sent on its own (a request's shows in its send-back section, while it
 * is to be sent): its label while sendable, and the latest scan once the carrier moved it.
 */
function ReturnParcel({ record }: { record: Return }) {
  const sendable = SENDABLE.has(record.state);
  if (record.request_id && sendable) return null;
  return sendable ? <ParcelLabel returns={[record]} /> : <ParcelStatus record={record} />;
}
