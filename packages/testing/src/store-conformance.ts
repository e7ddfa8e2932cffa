/**
 * @module testing/store-conformance — the `ReturnsStore` conformance suite: every group of
 * cases at once (`runStoreConformance`), or one group at a time for a store that implements
 * only part of the contract.
 */

import type { ReturnsStore } from "@returnkit/core";
import { afterEach, beforeEach, describe } from "vitest";
import { describeCallerIds } from "./cases/caller-ids";
import { describeCommits } from "./cases/commits";
import { describeCustomerExport } from "./cases/customer-export";
import { describeDeliveries } from "./cases/deliveries";
import { describeEndpointAdmin } from "./cases/endpoint-admin";
import { describeErasure } from "./cases/erasure";
import { describeEventSubjects } from "./cases/event-subjects";
import { describeExchangeRelease } from "./cases/exchange-release";
import { describeFitInsights } from "./cases/fit-insights";
import { describeIdempotency } from "./cases/idempotency";
import { describeLabelJob } from "./cases/label-job";
import { describeLineAllowance } from "./cases/line-allowance";
import { describeListReturns } from "./cases/list-returns";
import { describeNotifications } from "./cases/notifications";
import { describeOrders } from "./cases/orders";
import { describeOutbox } from "./cases/outbox";
import { describeParcelLookups } from "./cases/parcel-lookups";
import { describeRetention } from "./cases/retention";
import { describeReturnRequests } from "./cases/return-requests";
import { describeRmaNumbers } from "./cases/rma-numbers";
import { describeSubscriberEndpoints } from "./cases/subscriber-endpoints";
import { describeSubscribers } from "./cases/subscribers";
import { describeTimers } from "./cases/timers";
import type { StoreSubject } from "./subject";

export interface StoreConformanceOptions {
  /** Shown in the suite's name. */
  name: string;
  /**
   * Returns a store with nothing in it. Called before every case; the suite then awaits
   * `store.init()`. Cases pass their own `now` everywhere, so the store must not read a clock,
   * except to judge leases (see `claimDeliveries`, `claimDueTimers`): the cases that let a
   * lease run out give it 1 ms and wait a few ms of real time, so they hold on either kind of
   * store.
   */
  create: () => Promise<ReturnsStore> | ReturnsStore;
  /** Called after every case instead of `store.close()` (e.g. to also drop a schema). */
  cleanup?: (store: ReturnsStore) => Promise<void>;
  /**
   * Which groups run (default `"all"`, what a new store needs). A store that shares the code
   * of one already run in full may narrow it: `"store-contract"` leaves out the groups that
   * check the service on the store (order checks, what an order can return), which hold on
   * any store keeping the contract; `"commit-path"` runs only the groups that commit, for a
   * second mode of a store that changes only how it writes (e.g. grouped commits).
   */
  groups?: ConformanceGroups;
  /**
   * Everything the store holds, as rows of text (a SQL store: every row of every table of its
   * schema, cast to text): the erasure cases scan it. Without it they are skipped.
   */
  dump?: (store: ReturnsStore) => Promise<string[]>;
}

export type ConformanceGroups = "all" | "store-contract" | "commit-path";

/**
 * Every group, with what it proves: `service` groups check the service over the store (they
 * hold on any store that keeps the contract, so one store in full is enough); `commits` marks
 * the groups whose cases turn on how `commit` writes.
 */
const GROUPS: ReadonlyArray<{
  cases: (subject: StoreSubject) => void;
  service?: true;
  commits?: true;
}> = [
  { cases: describeCommits, commits: true },
  { cases: describeLineAllowance, commits: true },
  { cases: describeListReturns },
  { cases: describeCustomerExport },
  { cases: describeParcelLookups },
  { cases: describeFitInsights },
  { cases: describeReturnRequests, commits: true },
  { cases: describeRmaNumbers, commits: true },
  { cases: describeIdempotency, commits: true },
  { cases: describeOutbox, commits: true },
  { cases: describeEventSubjects, commits: true },
  { cases: describeDeliveries },
  { cases: describeSubscriberEndpoints, commits: true },
  { cases: describeEndpointAdmin },
  { cases: describeSubscribers },
  { cases: describeNotifications, commits: true },
  { cases: describeRetention },
  { cases: describeTimers, commits: true },
  { cases: describeExchangeRelease, commits: true },
  { cases: describeCallerIds },
  { cases: describeOrders, service: true },
  { cases: describeLabelJob, service: true },
];

function selected(groups: ConformanceGroups = "all"): typeof GROUPS {
  if (groups === "store-contract") return GROUPS.filter((group) => !group.service);
  if (groups === "commit-path") return GROUPS.filter((group) => group.commits && !group.service);
  return GROUPS;
}

/** Registers one case per guarantee of the `ReturnsStore` contract (the groups `options.groups` names). */
export function runStoreConformance(options: StoreConformanceOptions): void {
  describe(`ReturnsStore conformance: ${options.name}`, () => {
    const subject = freshStoreForEachCase(options, (options.groups ?? "all") === "all");
    for (const group of selected(options.groups)) group.cases(subject);
    if ((options.groups ?? "all") !== "commit-path") describeErasure(subject, options.dump);
  });
}

/** `commit`: versions, creation, atomicity of a return with its events. */
export const describeCommitsConformance = group("commits", describeCommits);
/** `commit` with a `lineAllowance`, and `returnedQuantities`: units of an order line, even under races. */
export const describeLineAllowanceConformance = group("line allowance", describeLineAllowance);
/** `commitMany` (a return request's returns, all or none) and `listReturns` by `request_id`. */
export const describeReturnRequestsConformance = group("return requests", describeReturnRequests);
/** RMA numbers: claimed by `commitMany`, unique, found by `listReturns({ rma })`. */
export const describeRmaNumbersConformance = group("RMA numbers", describeRmaNumbers);
/** `listReturns` by `tracking_number` and `label_created_before`: a parcel's returns, stalled parcels. */
export const describeParcelLookupsConformance = group("parcel lookups", describeParcelLookups);
/** `listReturns`: filters, order and cursors. */
export const describeListReturnsConformance = group("listReturns", describeListReturns);
/**
 * `fitInsights` and `fitSummary`: returns per sku, size and reason, confirmed or not, by sku and
 * creation time, a page of sizes or of skus (ranked by fit returns) at a time.
 */
export const describeFitInsightsConformance = group("fitInsights", describeFitInsights);
/**
 * Idempotency keys: `recordIdempotencyAnswer` (insert-if-absent-or-expired, one winner of
 * concurrent recorders), `getIdempotencyRecord` (live records only), and a key's first use
 * recorded by `commit` with its change.
 */
export const describeIdempotencyConformance = group("idempotency", describeIdempotency);
/** Outbox events, endpoints and the fan-out into deliveries. */
export const describeOutboxConformance = group("outbox", describeOutbox);
/**
 * Events about a subject: with no transition (ordered among their return's), about a customer
 * (`commitMany`'s own events, ordered per customer), claimed, revived and listed by subject.
 */
export const describeEventSubjectsConformance = group("event subjects", describeEventSubjects);
/** `claimDeliveries`, `recordDeliveryAttempt`, `redeliver`, `nextDeliveryDueAt`: leases and order. */
export const describeDeliveriesConformance = group("deliveries", describeDeliveries);
/** Subscriber endpoints: fanned out to like webhooks, claimed only by callers that run them. */
export const describeSubscriberEndpointsConformance = group(
  "subscriber endpoints",
  describeSubscriberEndpoints,
);
/** Endpoints created, rotated and changed at run time (`createEndpoint`, …) on the store. */
export const describeEndpointAdminConformance = group("endpoint admin", describeEndpointAdmin);
/** Subscribers run by a dispatcher on the store: order, retries, dead letters, other processes. */
export const describeSubscribersConformance = group("subscribers", describeSubscribers);
/** `onDeliveriesCreated` (optional in the contract). */
export const describeNotificationsConformance = group("notifications", describeNotifications);
/** `purge`: what retention deletes and what it never does. */
export const describeRetentionConformance = group("retention", describeRetention);
/**
 * Timers of a return: set and cleared by commits, claimed under leases, fired by a commit the
 * store refuses once the timer is gone, so a firing happens once.
 */
export const describeTimersConformance = group("timers", describeTimers);
/** Returns checked against the shop's orders, over HTTP on the store (runs the service on it). */
export const describeOrdersConformance = group("orders", describeOrders);
/** The label job on the store: an approval's timer fired once, a refusal on each return of the parcel. */
export const describeLabelJobConformance = group("label job", describeLabelJob);
/** Customers stay apart whatever their ids hold (runs the service on the store). */
export const describeCallerIdsConformance = group("caller ids", describeCallerIds);

/** One group on its own, with the same fresh-store-per-case lifecycle as the whole suite. */
function group(
  title: string,
  cases: (subject: StoreSubject) => void,
): (options: StoreConformanceOptions) => void {
  return (options) =>
    describe(`ReturnsStore conformance (${title}): ${options.name}`, () => {
      cases(freshStoreForEachCase(options));
    });
}

/** Creates and initialises a store before each case and closes it after. */
function freshStoreForEachCase(
  options: StoreConformanceOptions,
  serviceCases = true,
): StoreSubject {
  let current: ReturnsStore | undefined;
  beforeEach(async () => {
    current = await options.create();
    await current.init?.();
  });
  afterEach(async () => {
    const store = current;
    current = undefined;
    if (!store) return;
    if (options.cleanup) await options.cleanup(store);
    else await store.close?.();
  });
  return {
    serviceCases,
    get store() {
      if (!current) throw new Error("conformance: the store is only available inside a case");
      return current;
    },
  };
}
