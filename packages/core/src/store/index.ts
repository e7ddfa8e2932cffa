/** @module store — the store contract every store keeps, and the in-memory store. */
export type { MemoryStoreOptions } from "./memory/memory-store";
export { memoryStore } from "./memory/memory-store";
export type * from "./types";
export { isStoreUnavailable, StoreUnavailableError } from "./unavailable";
