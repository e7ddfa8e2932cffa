/**
 * @module commands/redelivery — `returnkit redeliver <event_id> [--endpoint <id>]` and
 * `returnkit recover --since <time>`: dead deliveries made pending again through the store's
 * `redeliver`, which also wakes the dispatchers listening on the database. Only dead
 * deliveries are revived: a pending one is still being tried, a delivered one arrived, and
 * one of a deleted endpoint is skipped (and counted).
 */
import type { ReturnsStore } from "@returnkit/core";
import { type Delivery, deadDeliveriesAhead, earliestDeath } from "@returnkit/core/store";
import type { Command } from "../command";
import { parseSince } from "../durations";
import { failedError, notFoundError, usageError } from "../errors";
import { aboutWhom } from "./deliveries";

const redeliver: Command = {
  words: ["redeliver"],
  usage: "<event_id> [--endpoint <endpoint_id>] [--out-of-order]",
  summary:
    "send one event's dead deliveries again (to one endpoint with --endpoint); refused while an earlier event of its return is dead too, unless --out-of-order",
  args: ["event_id"],
  options: ["endpoint", "out-of-order"],
  async run(db, { args, options, now }) {
    const [eventId] = args as [string];
    const endpointId = options.endpoint as string | undefined;
    const store = await db.store();
    const deliveries = (await store.listDeliveries({ eventId })).filter(
      (delivery) => endpointId === undefined || delivery.endpoint_id === endpointId,
    );
    if (deliveries.length === 0) {
      throw notFoundError(
        endpointId === undefined
          ? `no event ${eventId} (no delivery of it is recorded)`
          : `event ${eventId} has no delivery to endpoint ${endpointId}`,
      );
    }
    if (!options["out-of-order"]) await assertNothingAhead(store, eventId, endpointId);
    const { revived, skipped } = await store.redeliver({ eventId, endpointId, now });
    const target = endpointId === undefined ? "" : ` to ${endpointId}`;
    const lines = [
      revived > 0
        ? `revived ${plural(revived, "dead delivery", "dead deliveries")} of ${eventId}${target}; a running dispatcher sends ${revived === 1 ? "it" : "them"} now`
        : `nothing to redeliver: no delivery of ${eventId}${target} is dead (${countByStatus(deliveries)})`,
      ...skippedLines(skipped),
    ];
    const json = { event_id: eventId, endpoint_id: endpointId ?? null, revived, skipped };
    return { json, lines };
  },
};

const recover: Command = {
  words: ["recover"],
  usage: "--since <2h | ISO time>",
  summary: "send again every delivery that died since a time (a duration back, or an ISO time)",
  args: [],
  options: ["since"],
  async run(db, { options, now }) {
    if (options.since === undefined) {
      throw usageError("recover needs --since, a duration back like 2h or an ISO time");
    }
    const since = parseSince(options.since as string, now);
    const store = await db.store();
    const { revived, skipped } = await store.redeliver({ since, now });
    const lines = [
      revived > 0
        ? `revived ${plural(revived, "delivery", "deliveries")} that died since ${since}; running dispatchers send them now`
        : `no delivery ${skipped > 0 ? "to revive" : "died"} since ${since}`,
      ...skippedLines(skipped),
    ];
    return { json: { since, revived, skipped }, lines };
  },
};

export const redeliveryCommands: readonly Command[] = [redeliver, recover];

/**
 * Refuses (exit 1, nothing revived) to send `eventId` ahead of earlier events of its return
 * that are dead to the same endpoint, as the HTTP API refuses it: a receiver would get them
 * out of order. The message names them and the two ways that keep order.
 */
async function assertNothingAhead(
  store: ReturnsStore,
  eventId: string,
  endpointId: string | undefined,
): Promise<void> {
  const ahead = await deadDeliveriesAhead(store, eventId, endpointId);
  if (ahead.length === 0) return;
  const named = ahead
    .map((delivery) => `${delivery.event_id} of ${aboutWhom(delivery)} to ${delivery.endpoint_id}`)
    .join(", ");
  const since = earliestDeath(ahead);
  throw failedError(
    `not redelivered: event ${named} ${ahead.length === 1 ? "is" : "are"} dead too, and ${eventId} would arrive before ${ahead.length === 1 ? "it" : "them"}. ` +
      `Redeliver the earlier ${ahead.length === 1 ? "one" : "ones, oldest"} first${since === null ? "" : `, or run \`returnkit recover --since ${since}\` to send every delivery that died since then, in order`}; ` +
      "or pass --out-of-order to send it anyway",
  );
}

/** Dead deliveries of deleted endpoints stay dead: a new endpoint with the id must not get them. */
function skippedLines(skipped: number): string[] {
  if (skipped === 0) return [];
  return [
    `skipped ${plural(skipped, "dead delivery", "dead deliveries")} of deleted endpoints (they stay dead)`,
  ];
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** `2 delivered, 1 pending`. */
function countByStatus(deliveries: Delivery[]): string {
  const counts = new Map<string, number>();
  for (const { status } of deliveries) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${count} ${status}`).join(", ");
}
