/**
 * @module @returnkit/core/testing — the conformance suites: `runStoreConformance` for every
 * store (with the builders its cases use) and `runHttpConformance` for every way of mounting
 * the service.
 *
 * Every store runs the same suite from its own test file:
 *
 * ```ts
 * import { runStoreConformance } from "@returnkit/core/testing";
 * runStoreConformance({ name: "my store", create: () => myStore(), cleanup: (s) => s.close?.() });
 * ```
 *
 * Both register vitest `describe`/`it` blocks, so they must be called from a vitest test file
 * (vitest is an optional peer of `@returnkit/core`).
 */
import { afterEach, beforeEach, describe } from "vitest";
import type { ReturnsStore } from "../store/types";
import { describeCallerIds } from "./cases/caller-ids";
import { describeCommits } from "./cases/commits";
import { describeDeliveries } from "./cases/deliveries";
import { describeIdempotency } from "./cases/idempotency";
import { describeListReturns } from "./cases/list-returns";
import { describeNotifications } from "./cases/notifications";
import { describeOutbox } from "./cases/outbox";
import { describeRetention } from "./cases/retention";
import type { StoreSubject } from "./subject";

export {
  advanceStoredReturn,
  iso,
  makeDeliveryAttempt,
  makeEndpoint,
  makeOutboxEvent,
  makeStoredReturn,
  type StoredReturnOptions,
  T0,
  validCreate,
} from "./fixtures";

export interface StoreConformanceOptions {
  /** Shown in the suite's name. */
  name: string;
  /**
   * Returns a store with nothing in it. Called before every case; the suite then awaits
   * `store.init()`. Cases pass their own `now` everywhere, so the store must not read a clock,
   * except to judge delivery leases (see `claimDeliveries`): the cases that let a lease run
   * out give it 1 ms and wait a few ms of real time, so they hold on either kind of store.
   */
  create: () => Promise<ReturnsStore> | ReturnsStore;
  /** Called after every case instead of `store.close()` (e.g. to also drop a schema). */
  cleanup?: (store: ReturnsStore) => Promise<void>;
}

/** Registers one case per guarantee of the `ReturnsStore` contract. */
export function runStoreConformance(options: StoreConformanceOptions): void {
  describe(`ReturnsStore conformance: ${options.name}`, () => {
    let current: ReturnsStore | undefined;
    const subject: StoreSubject = {
      get store() {
        if (!current) throw new Error("conformance: the store is only available inside a case");
        return current;
      },
    };

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

    describeCommits(subject);
    describeListReturns(subject);
    describeIdempotency(subject);
    describeOutbox(subject);
    describeDeliveries(subject);
    describeNotifications(subject);
    describeRetention(subject);
    describeCallerIds(subject);
  });
}

export {
  type HttpSuiteTarget,
  type MountedService,
  runHttpConformance,
  storeContents,
  testAuthenticate,
  testToken,
} from "./http-suite";
