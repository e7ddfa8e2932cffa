/**
 * @module commands/returns — `returnkit returns show <return_id>`: one return as the store
 * holds it, for an operator answering "what happened to this return?": its line and order,
 * its state, its refund with the fees taken, and every step of its history with who took it.
 * Its webhooks are `deliveries list --return`.
 */
import { type HistoryEntry, type Refund, type ReturnData, toDecimalAmount } from "@returnkit/core";
import type { Command } from "../command";
import { notFoundError } from "../errors";
import { NONE, table } from "../output";

const show: Command = {
  words: ["returns", "show"],
  usage: "<return_id>",
  summary: "one return: its line, order, state, refund and fees, and every step of its history",
  args: ["return_id"],
  options: [],
  async run(db, { args }) {
    const [returnId] = args as [string];
    const stored = await (await db.store()).getReturn(returnId);
    if (!stored) throw notFoundError(`no return ${returnId}`);
    return { json: stored.record, lines: describeReturn(stored.record) };
  },
};

export const returnCommands: readonly Command[] = [show];

function describeReturn(record: ReturnData): string[] {
  const { line } = record;
  const size = line.size === null ? "" : ` (${line.size})`;
  const exchange = record.exchange_size === null ? "" : ` for size ${record.exchange_size}`;
  const request = record.request_id ?? "none (created on its own)";
  return [
    `${record.id}  ${record.state}, version ${record.version}, updated ${record.updated_at}`,
    `  ${line.sku}${size} × ${line.quantity}: ${record.reason}, ${record.resolution}${exchange}`,
    `  order ${record.order_id}, customer ${record.customer_id}, request ${request}`,
    `  refund: ${describeRefund(record.refund)}`,
    "",
    ...table(["#", "AT", "EVENT", "STATE", "BY", "NOTE"], record.history.map(historyRow)),
  ];
}

function describeRefund(refund: Refund | null): string {
  if (!refund) return "none worked out (the order line has no price)";
  const money = (amount: number) =>
    `${toDecimalAmount(amount, refund.currency)} ${refund.currency}`;
  const fees = [
    `items ${money(refund.item_amount)}`,
    `restocking ${money(refund.restocking_fee)}`,
    `return shipping ${money(refund.return_shipping_fee)}`,
  ];
  return `${money(refund.total)} by ${refund.method} (${refund.status}): ${fees.join(", ")}`;
}

function historyRow(entry: HistoryEntry): string[] {
  const state = entry.from === null ? entry.to : `${entry.from} → ${entry.to}`;
  const note = [entry.reason_code, entry.note].filter(Boolean).join(": ") || NONE;
  return [
    String(entry.seq),
    entry.at,
    entry.event,
    state,
    `${entry.actor.kind} ${entry.actor.id}`,
    note,
  ];
}
