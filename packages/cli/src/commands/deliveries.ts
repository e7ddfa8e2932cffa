/**
 * @module commands/deliveries — `returnkit deliveries list --dead | --return <id>`: each
 * delivery with its event's type and every attempt (time, status or error, duration), the
 * first thing to read when a receiver says it never heard of a return. A page at a time
 * (`--limit`, `--cursor`, the same cursors as the HTTP API's), or every page with `--all`,
 * each written as it is read.
 */
import { LIST_LIMIT_DEFAULT, type ReturnsStore } from "@returnkit/core";
import {
  type Delivery,
  type DeliveryAttempt,
  type DeliveryPage,
  decodeDeliveryCursor,
  listDeliveryPage,
  type OutboxEvent,
} from "@returnkit/core/store";
import type { Command, OptionValues } from "../command";
import { usageError } from "../errors";
import { NONE, type StreamedResult, table } from "../output";
import { listLimitOf } from "../paging";

/**
 * A delivery as the CLI shows it: the store's, with its event's type and the id of the
 * request whose commit produced the event (what a customer or a log line quotes), counted as
 * the HTTP API counts: `attempt_count` every attempt listed, `attempts_since_revival` those
 * the retry schedule counts (the store's `attempt_count`, which a revival sets to 0).
 */
type DeliveryView = Delivery & {
  attempts_since_revival: number;
  event_type: string | null;
  request_id: string | null;
};

type DeliverySelection = { status: "dead" } | { returnId: string };

const list: Command = {
  words: ["deliveries", "list"],
  usage: `--dead | --return <return_id> [--limit ${LIST_LIMIT_DEFAULT}] [--cursor <cursor> | --all]`,
  summary:
    "dead deliveries, or every delivery of one return, with their attempts, a page at a time",
  args: [],
  options: ["dead", "return", "limit", "cursor", "all"],
  async run(db, { options }) {
    const returnId = options.return as string | undefined;
    if (Boolean(options.dead) === (returnId !== undefined)) {
      throw usageError("deliveries list takes either --dead or --return <return_id>");
    }
    const selection: DeliverySelection = returnId === undefined ? { status: "dead" } : { returnId };
    const empty = returnId === undefined ? "no dead deliveries" : `no deliveries of ${returnId}`;
    const paging = pagingOf(options);
    const store = await db.store();
    if (options.all) return everyPage(store, selection, paging, empty);
    const page = await viewPage(store, await listDeliveryPage(store, selection, paging));
    const lines = page.data.length === 0 ? [empty] : describeDeliveries(page.data);
    if (page.next_cursor !== null) {
      lines.push("", `next page: --cursor ${page.next_cursor} (or --all for every page)`);
    }
    return { json: page, lines };
  },
};

export const deliveryCommands: readonly Command[] = [list];

/** `--limit` and `--cursor`, checked as the HTTP API checks `limit` and `cursor`. */
function pagingOf(options: OptionValues): { limit: number; cursor?: string } {
  const limit = listLimitOf(options);
  const cursor = options.cursor as string | undefined;
  if (cursor !== undefined && decodeDeliveryCursor(cursor) === null) {
    throw usageError(
      "--cursor is not a cursor deliveries list printed: start again without it, or copy it whole",
    );
  }
  return cursor === undefined ? { limit } : { limit, cursor };
}

/**
 * Every page from `paging.cursor` on, each written as soon as it is read: text as one block
 * per page; JSON as one document (`{ data, next_cursor: null }`) written a page at a time,
 * holding back only the last delivery written, for the comma the next one needs.
 */
function everyPage(
  store: ReturnsStore,
  selection: DeliverySelection,
  paging: { limit: number; cursor?: string },
  empty: string,
): StreamedResult {
  return {
    async stream(write, json) {
      let cursor = paging.cursor;
      let held: string | null = null;
      let written = 0;
      if (json) write('{\n  "data": [');
      do {
        const page = await viewPage(
          store,
          await listDeliveryPage(store, selection, { limit: paging.limit, cursor }),
        );
        cursor = page.next_cursor ?? undefined;
        written += page.data.length;
        if (page.data.length === 0) continue;
        if (!json) {
          // A blank line between pages, as between a table and its attempts.
          const block = describeDeliveries(page.data);
          if (written > page.data.length) block.unshift("");
          write(block.join("\n"));
          continue;
        }
        const items = page.data.map((view) => indent(JSON.stringify(view, null, 2), "    "));
        if (held !== null) items.unshift(held);
        held = items.pop() ?? null;
        if (items.length > 0) write(items.map((item) => `${item},`).join("\n"));
      } while (cursor !== undefined);
      if (json) write(`${held === null ? "" : `${held}\n`}  ],\n  "next_cursor": null\n}`);
      else if (written === 0) write(empty);
    },
  };
}

function indent(text: string, by: string): string {
  return text
    .split("\n")
    .map((line) => `${by}${line}`)
    .join("\n");
}

async function viewPage(
  store: ReturnsStore,
  page: DeliveryPage,
): Promise<{ data: DeliveryView[]; next_cursor: string | null }> {
  return { data: await withEventTypes(store, page.data), next_cursor: page.next_cursor };
}

async function withEventTypes(
  store: ReturnsStore,
  deliveries: Delivery[],
): Promise<DeliveryView[]> {
  const events = new Map<string, OutboxEvent>();
  // A return's events are listed by return; a customer's have no such list (their type shows "-").
  const returns = deliveries.flatMap((delivery) =>
    delivery.return_id ? [delivery.return_id] : [],
  );
  for (const returnId of new Set(returns)) {
    for (const event of await store.listEvents(returnId)) events.set(event.id, event);
  }
  return deliveries.map((delivery) => {
    const event = events.get(delivery.event_id);
    return {
      ...delivery,
      attempt_count: delivery.attempts.length,
      attempts_since_revival: delivery.attempt_count,
      event_type: event?.type ?? null,
      request_id: event?.request_id ?? null,
    };
  });
}

/** The return a delivery's event is about, or for another subject its kind and id ("customer cus_7"). */
export function aboutWhom(delivery: Pick<Delivery, "return_id" | "subject">): string {
  return delivery.return_id ?? `${delivery.subject.kind} ${delivery.subject.id}`;
}

/** One table of the deliveries, then each one's attempts under its id. */
function describeDeliveries(deliveries: DeliveryView[]): string[] {
  const rows = deliveries.map((delivery) => [
    delivery.id,
    delivery.event_id,
    delivery.event_type ?? NONE,
    aboutWhom(delivery),
    delivery.endpoint_id,
    delivery.status,
    delivery.dead_at ?? delivery.delivered_at ?? NONE,
  ]);
  const attempts = deliveries.flatMap((delivery) =>
    delivery.attempts.length === 0
      ? []
      : [
          "",
          `${delivery.id} attempts${delivery.request_id ? ` (event of request ${delivery.request_id})` : ""}:`,
          ...table(ATTEMPT_HEADERS, delivery.attempts.map(attemptRow)).map((line) => `  ${line}`),
        ],
  );
  return [
    ...table(["DELIVERY", "EVENT", "TYPE", "RETURN", "ENDPOINT", "STATUS", "SINCE"], rows),
    ...attempts,
  ];
}

const ATTEMPT_HEADERS = ["#", "AT", "STATUS", "DURATION", "ERROR"];

function attemptRow(attempt: DeliveryAttempt, index: number): string[] {
  return [
    String(index + 1),
    attempt.at,
    attempt.status === null ? NONE : String(attempt.status),
    `${attempt.duration_ms} ms`,
    attempt.error ?? NONE,
  ];
}
