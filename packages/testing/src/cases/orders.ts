/**
 * @module testing/cases/orders — the order checks and the returnable view over HTTP, on the
 * store under test: the units a store counts (`returnedQuantities`) and the limit it holds in
 * its commit (`lineAllowance`) are what these answers stand on.
 */
import { type HttpSuiteTarget, mountSuiteService } from "../http-client";
import type { StoreSubject } from "../subject";
import { describeOrderChecks } from "./order-checks";
import { describeReturnableLines } from "./returnable-lines";

/** The bare fetch handler; closing it leaves the store, which the suite owns, open. */
export const fetchHandler: HttpSuiteTarget = {
  name: "the fetch handler",
  async mount(service) {
    return {
      request: (path, init) => service.fetch(new Request(`https://shop.example${path}`, init)),
      close: () => service.dispatcher.stop(),
    };
  },
};

export function describeOrders(subject: StoreSubject): void {
  const serve = (options = {}) =>
    mountSuiteService(fetchHandler, {
      ...options,
      store: subject.store,
      retention: { intervalMs: 0 },
    });
  describeOrderChecks(serve);
  describeReturnableLines(serve);
}
