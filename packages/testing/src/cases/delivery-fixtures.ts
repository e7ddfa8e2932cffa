/**
 * @module testing/cases/delivery-fixtures — what the delivery cases share: an endpoint saved,
 * a return with several events, an attempt recorded, a lease that runs out.
 */

import type { ReturnsStore, WebhookEndpoint } from "@returnkit/core";
import type { ClaimedDelivery, DeliveryOutcome } from "@returnkit/core/store";
import { makeDeliveryAttempt, makeEndpoint, T0 } from "../fixtures";
import { advanceReturn, createReturn } from "../subject";

export function record(
  store: ReturnsStore,
  claimed: ClaimedDelivery,
  outcome: DeliveryOutcome,
  at: number,
  dispatcherId = "d1",
) {
  const status = outcome.kind === "delivered" ? 200 : 503;
  return store.recordDeliveryAttempt({
    deliveryId: claimed.delivery.id,
    dispatcherId,
    attempt: makeDeliveryAttempt(at, status),
    outcome,
  });
}

export async function withEndpoint(
  store: ReturnsStore,
  options: Partial<WebhookEndpoint> = {},
): Promise<WebhookEndpoint> {
  const endpoint = makeEndpoint(options);
  await store.saveEndpoint(endpoint);
  return endpoint;
}

/** A return with `count` events in a row (create, submit, approve, ...), all delivered to every endpoint. */
export async function returnWithEvents(store: ReturnsStore, count: number, at = T0) {
  const steps = ["submit", "approve", "ship", "receive", "grade", "close"] as const;
  let committed = await createReturn(store, { at });
  const events = [...committed.events];
  for (const step of steps.slice(0, count - 1)) {
    committed = await advanceReturn(store, committed.stored, step);
    events.push(...committed.events);
  }
  return { stored: committed.stored, events };
}

export const eventIds = (claimed: ClaimedDelivery[]) => claimed.map((c) => c.event.id);

/**
 * Lets a 1 ms lease run out on either lease clock (see `claimDeliveries`): the caller's,
 * through the `now` the next claim passes (1 ms later), and a store's own, by waiting.
 */
export const SHORT_LEASE_MS = 1;
export const outlastShortLease = () => new Promise((resolve) => setTimeout(resolve, 20));
