/**
 * @module client/staff/order-facts — whose order a return (or request) is, as staff know it:
 * the order number and the customer's name and email from the order line the return
 * snapshotted; the ids (what the API keys on) as small print beside them.
 */
import type { Return } from "../api-schemas";
import { usePage } from "../shared/context";
import { ViewLink } from "./view-link";

interface Props {
  orderId: string;
  customerId: string;
  /** The snapshot of the order line; null for a return made before orders carried it. */
  orderLine: Return["order_line"];
  /** Opens the customer's view (their returns, export and erasure); without it, the id is text. */
  onOpenCustomer?(id: string): void;
}

export function OrderFacts({ orderId, customerId, orderLine, onOpenCustomer }: Props) {
  const { i18n } = usePage();
  const number = orderLine?.order_number;
  const customer = orderLine?.customer;
  const customerLink = onOpenCustomer ? (
    <ViewLink
      kind="customer"
      id={customerId}
      onOpen={onOpenCustomer}
      label={i18n.t("staff.openCustomer", { id: customerId })}
    />
  ) : (
    customerId
  );
  return (
    <>
      <dt>{i18n.t("staff.column.order")}</dt>
      <dd data-testid="order-number">
        {number ?? orderId}
        {number ? <span class="rk-muted rk-id"> · {orderId}</span> : null}
      </dd>
      <dt>{i18n.t("staff.column.customer")}</dt>
      <dd data-testid="order-customer">
        {customer?.name ?? customer?.email ?? customerLink}
        {customer?.name && customer.email ? (
          <>
            {" · "}
            <a href={`mailto:${customer.email}`}>{customer.email}</a>
          </>
        ) : null}
        {customer?.name || customer?.email ? (
          <span class="rk-muted rk-id"> · {customerLink}</span>
        ) : null}
      </dd>
    </>
  );
}
