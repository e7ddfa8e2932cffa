/**
 * @module webhook-admin/redelivery-order — what reviving one event would overtake. A dead delivery
 * does not hold back its subject's later ones (claims skip it), so reviving event 2 while
 * event 1 of the same return (or customer) is still dead to that endpoint sends 2 before 1. The HTTP API and
 * the CLI both refuse that unless asked to send out of order; `recover --since` revives a
 * run of dead deliveries together and keeps their order.
 */
import type { Delivery, ReturnsStore } from "../store/types";

/**
 * The dead deliveries of earlier events of `eventId`'s subject to an endpoint that reviving
 * `eventId` (at `endpointId` only, when given) would revive, oldest first: what a receiver
 * would get after `eventId` if only `eventId` were revived.
 */
export async function deadDeliveriesAhead(
  store: Pick<ReturnsStore, "listDeliveries">,
  eventId: string,
  endpointId?: string,
): Promise<Delivery[]> {
  const reviving = (await store.listDeliveries({ eventId, status: "dead" })).filter(
    (delivery) => endpointId === undefined || delivery.endpoint_id === endpointId,
  );
  const subject = reviving[0]?.subject;
  if (subject === undefined) return [];
  const positions = new Map(reviving.map((delivery) => [delivery.endpoint_id, delivery.position]));
  // A return's deliveries are bounded by its history and the endpoints: one read.
  const dead = await store.listDeliveries({ subject, status: "dead" });
  return dead.filter((delivery) => {
    const position = positions.get(delivery.endpoint_id);
    return position !== undefined && delivery.position < position;
  });
}

/** The earliest `dead_at` of `deliveries`: the `since` that recovers them all, in order. */
export function earliestDeath(deliveries: readonly Delivery[]): string | null {
  let earliest: string | null = null;
  for (const { dead_at: deadAt } of deliveries) {
    if (deadAt !== null && (earliest === null || Date.parse(deadAt) < Date.parse(earliest))) {
      earliest = deadAt;
    }
  }
  return earliest;
}
