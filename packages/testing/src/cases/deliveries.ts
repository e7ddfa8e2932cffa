/**
 * @module testing/cases/deliveries — claiming deliveries under a lease, per-pair order,
 * recording attempts and reviving dead deliveries: one group of the store conformance suite,
 * its cases in a file per operation.
 */

import type { StoreSubject } from "../subject";
import { describeDeliveryAttempts } from "./delivery-attempts";
import { describeDeliveryClaims } from "./delivery-claims";
import { describeDeliveryDueTimes } from "./delivery-due-times";
import { describeRedelivery } from "./redelivery";

export function describeDeliveries(subject: StoreSubject): void {
  describeDeliveryClaims(subject);
  describeDeliveryAttempts(subject);
  describeRedelivery(subject);
  describeDeliveryDueTimes(subject);
}
