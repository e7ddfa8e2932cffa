/**
 * @module commands/deliveries — `returnkit deliveries list --dead | --return <id>`: each
 * delivery with its event's type and every attempt (time, status or error, duration), the
 * first thing to read when a receiver says it never heard of a return.
 */
import type { Delivery, DeliveryAttempt, OutboxEvent, ReturnsStore } from "@returnkit/core";
import type { Command } from "../command";
import { usageError } from "../errors";
import { NONE, table } from "../output";

/**
 * A delivery as the CLI shows it: the store's, with its event's type and the id of the
 * request whose commit produced the event (what a customer or a log line quotes).
 */
export type DeliveryView = Delivery & { event_type: string | null; request_id: string | null };

const list: Command = {
  words: ["deliveries", "list"],
  usage: "--dead | --return <return_id>",
  summary: "dead deliveries, or every delivery of one return, with their attempts",
  args: [],
  options: ["dead", "return"],
  async run(db, { options }) {
    const returnId = options.return as string | undefined;
    if (Boolean(options.dead) === (returnId !== undefined)) {
      throw usageError("deliveries list takes either --dead or --return <return_id>");
    }
    const store = await db.store();
    const deliveries = await store.listDeliveries(
      returnId === undefined ? { status: "dead" } : { returnId },
    );
    const data = await withEventTypes(store, deliveries);
    const empty = returnId === undefined ? "no dead deliveries" : `no deliveries of ${returnId}`;
    return { json: { data }, lines: data.length === 0 ? [empty] : describeDeliveries(data) };
  },
};

export const deliveryCommands: readonly Command[] = [list];

async function withEventTypes(
  store: ReturnsStore,
  deliveries: Delivery[],
): Promise<DeliveryView[]> {
  const events = new Map<string, OutboxEvent>();
  for (const returnId of new Set(deliveries.map((delivery) => delivery.return_id))) {
    for (const event of await store.listEvents(returnId)) events.set(event.id, event);
  }
  return deliveries.map((delivery) => {
    const event = events.get(delivery.event_id);
    return { ...delivery, event_type: event?.type ?? null, request_id: event?.request_id ?? null };
  });
}

/** One table of the deliveries, then each one's attempts under its id. */
export function describeDeliveries(deliveries: DeliveryView[]): string[] {
  const rows = deliveries.map((delivery) => [
    delivery.id,
    delivery.event_id,
    delivery.event_type ?? NONE,
    delivery.return_id,
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
