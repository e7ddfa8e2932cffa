/**
 * @module commands/returns — `returnkit returns show <return_id>`: one return as the store
 * holds it, for an operator answering "what happened to this return?": its line and order,
 * its state, its refund with the fees taken, its parcel's label and scans, and every step of its history with who took it.
 * Its webhooks are `deliveries list --return`. `returns list --order <order_id>` finds the
 * returns of the order a customer quotes, newest first, a page at a time.
 */
import {
  type HistoryEntry,
  isReturnId,
  LIST_LIMIT_DEFAULT,
  type Refund,
  type ReturnData,
  toDecimalAmount,
} from "@returnkit/core";
import type { Command, OptionValues } from "../command";
import { notFoundError, usageError } from "../errors";
import { NONE, table } from "../output";
import { listLimitOf } from "../paging";
import { parcelLines } from "./parcel-lines";

const show: Command = {
  words: ["returns", "show"],
  usage: "<return_id>",
  summary:
    "one return: its line, order, state, refund and fees, parcel, and every step of its history",
  args: ["return_id"],
  options: [],
  async run(db, { args }) {
    const [returnId] = args as [string];
    const stored = await (await db.store()).getReturn(returnId);
    if (!stored) throw notFoundError(`no return ${returnId}`);
    return { json: stored.record, lines: describeReturn(stored.record) };
  },
};

const list: Command = {
  words: ["returns", "list"],
  usage: `--order <order_id> [--limit ${LIST_LIMIT_DEFAULT}] [--cursor <return_id>]`,
  summary: "the returns of one order, newest first, a page at a time",
  args: [],
  options: ["order", "limit", "cursor"],
  async run(db, { options }) {
    const orderId = options.order as string | undefined;
    if (orderId === undefined) throw usageError("returns list needs --order <order_id>");
    const paging = returnPagingOf(options);
    const page = await (await db.store()).listReturns({ order_id: orderId, ...paging });
    const records = page.data.map((stored) => stored.record);
    const lines =
      records.length === 0 && paging.cursor === undefined
        ? [`no returns of order ${orderId}`]
        : table(
            ["ID", "STATE", "LINE", "REASON", "RESOLUTION", "REFUND", "REQUEST", "UPDATED"],
            records.map(returnRow),
          );
    if (page.next_cursor !== null) lines.push("", `next page: --cursor ${page.next_cursor}`);
    return { json: { data: records, next_cursor: page.next_cursor }, lines };
  },
};

export const returnCommands: readonly Command[] = [show, list];

/** `--limit`, and `--cursor`: the last return id of the page before (the store's keyset). */
function returnPagingOf(options: OptionValues): { limit: number; cursor?: string } {
  const limit = listLimitOf(options);
  const cursor = options.cursor as string | undefined;
  if (cursor === undefined) return { limit };
  if (!isReturnId(cursor)) {
    throw usageError(
      `--cursor must be a return id, as returns list printed it: got ${JSON.stringify(cursor.slice(0, 80))}`,
    );
  }
  return { limit, cursor };
}

function returnRow(record: ReturnData): string[] {
  const { line, refund } = record;
  const size = line.size === null ? "" : ` (${line.size})`;
  const item = record.exchange?.lines[0];
  const exchange = item ? ` ${item.sku}` : "";
  const money = refund
    ? `${toDecimalAmount(refund.total, refund.currency)} ${refund.currency} (${refund.status})`
    : NONE;
  return [
    record.id,
    record.state,
    `${line.sku}${size} × ${line.quantity}`,
    record.reason,
    `${record.resolution}${exchange}`,
    money,
    record.request_id ?? NONE,
    record.updated_at,
  ];
}

/** ` for TEE-L (customer pays 7.00 EUR)`: the item exchanged for and who pays the difference. */
function exchangeSentence(record: ReturnData): string {
  const item = record.exchange?.lines[0];
  if (!item) return "";
  const difference = record.exchange?.difference;
  const currency = record.order_line?.currency;
  if (!difference || difference.amount === 0 || !currency) return ` for ${item.sku}`;
  const who = difference.direction === "customer_pays" ? "customer pays" : "shop refunds";
  return ` for ${item.sku} (${who} ${toDecimalAmount(difference.amount, currency)} ${currency})`;
}

function describeReturn(record: ReturnData): string[] {
  const { line } = record;
  const size = line.size === null ? "" : ` (${line.size})`;
  const exchange = exchangeSentence(record);
  const request = record.request_id ?? "none (created on its own)";
  return [
    `${record.id}  ${record.state}, version ${record.version}, updated ${record.updated_at}`,
    `  ${line.sku}${size} × ${line.quantity}: ${record.reason}, ${record.resolution}${exchange}`,
    `  order ${record.order_id}, customer ${record.customer_id}, request ${request}`,
    `  refund: ${describeRefund(record.refund)}`,
    ...parcelLines(record),
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

/** "merchant staff-2", or "privacy erasure for merchant staff-2": kinds as stored, known or not. */
function actorOf(actor: HistoryEntry["actor"]): string {
  const who = `${actor.kind} ${actor.id}`;
  return actor.on_behalf_of ? `${who} for ${actorOf(actor.on_behalf_of)}` : who;
}

function historyRow(entry: HistoryEntry): string[] {
  const state = entry.from === null ? entry.to : `${entry.from} → ${entry.to}`;
  const note = [entry.reason_code, entry.note].filter(Boolean).join(": ") || NONE;
  return [String(entry.seq), entry.at, entry.event, state, actorOf(entry.actor), note];
}
