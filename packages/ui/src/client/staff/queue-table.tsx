/**
 * @module client/staff/queue-table — the queue's rows as a table: order number and customer
 * first (the row's link opens its request, or its return), then items, reason, resolution,
 * state, amount and age. On a narrow screen each row is a card of labelled lines (theme.css),
 * so order, state and amount stay in sight without scrolling sideways.
 */
import type { MessageKey } from "../messages/en";
import { usePage } from "../shared/context";
import { StateBadge } from "../shared/parts";
import { useReasons } from "../shared/use-reasons";
import { ageOf } from "./age";
import type { QueueRow } from "./queue-rows";
import { ViewLink } from "./view-link";

const COLUMNS = [
  "order",
  "customer",
  "item",
  "reason",
  "resolution",
  "state",
  "amount",
  "age",
] as const;

export function QueueTable({ rows, onOpen }: { rows: QueueRow[]; onOpen(row: QueueRow): void }) {
  const { i18n } = usePage();
  const now = Date.now();
  const header = (column: (typeof COLUMNS)[number]) =>
    i18n.t(`staff.column.${column}` as MessageKey);
  return (
    <div class="rk-table-wrap">
      <table class="rk-table rk-queue">
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {header(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-row={row.id}>
              <th scope="row" data-label={header("order")}>
                <ViewLink kind={row.kind} id={row.id} onOpen={() => onOpen(row)}>
                  {row.order}
                </ViewLink>
                <span class="rk-secondary">{row.id}</span>
              </th>
              <td data-label={header("customer")}>
                <span>{row.customer.name}</span>
                {row.customer.email ? <span class="rk-secondary">{row.customer.email}</span> : null}
              </td>
              <td data-label={header("item")}>
                <Items row={row} />
              </td>
              <td data-label={header("reason")}>
                <Reasons codes={row.reasons} />
              </td>
              <td data-label={header("resolution")}>
                {row.resolutions
                  .map((code) => i18n.t(`staff.resolution.${code}` as MessageKey))
                  .join(", ")}
              </td>
              <td data-label={header("state")}>
                {row.states.map((state) => (
                  <StateBadge key={state} state={state} />
                ))}
              </td>
              <td data-label={header("amount")} class="rk-amount">
                {row.amount ? i18n.money(row.amount.total, row.amount) : "—"}
              </td>
              <td data-label={header("age")}>
                <time dateTime={row.created_at} title={i18n.dateTime(row.created_at)}>
                  {ageOf(row.created_at, now, i18n.locale)}
                </time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Items({ row }: { row: QueueRow }) {
  return (
    <ul class="rk-plain-list">
      {row.returns.map((record) => (
        <li key={record.id}>
          {record.order_line?.product.title ?? record.line.sku}
          {record.line.size ? ` (${record.line.size})` : ""} × {record.line.quantity}
        </li>
      ))}
    </ul>
  );
}

function Reasons({ codes }: { codes: string[] }) {
  const { label } = useReasons();
  return <>{codes.map(label).join(", ")}</>;
}
