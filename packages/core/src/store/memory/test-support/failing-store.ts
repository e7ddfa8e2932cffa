/**
 * @module store/memory/test-support/failing-store — a memory store whose every call fails, while told to,
 * with the error a test chooses: an outage (`StoreUnavailableError`) or a defect.
 */

import type { ReturnsStore } from "../../types";
import { memoryStore } from "../memory-store";

export function failingStore(error: () => Error): { store: ReturnsStore; fail(on: boolean): void } {
  const inner = memoryStore();
  let failing = false;
  const store = new Proxy(inner, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) =>
        failing ? Promise.reject(error()) : value.apply(target, args);
    },
  });
  return { store, fail: (on) => (failing = on) };
}
