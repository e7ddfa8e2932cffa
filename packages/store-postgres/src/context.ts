/** @module context — what every group of store operations shares. */
import type { SqlDriver } from "./drivers/types";
import type { SqlNames } from "./names";

export interface StoreContext {
  db: SqlDriver;
  names: SqlNames;
  /** Where commits and redeliveries announce new work, or null when `notify` is off. */
  notify: { channel: string; payload: string } | null;
  /** Wakes this process's `onDeliveriesCreated` listeners (the NOTIFY reaches the others). */
  announce(): void;
}
