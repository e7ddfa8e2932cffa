import { describeNotificationsConformance, runStoreConformance } from "@returnkit/testing";
import { memoryStore } from "./memory-store";
import { dumpMemoryStore } from "./test-support/dump";

runStoreConformance({
  name: "memory",
  create: () => memoryStore(),
  dump: async (store) => dumpMemoryStore(store),
});

// A group runs on its own too, with its own fresh store per case, for stores that implement
// only part of the contract.
describeNotificationsConformance({ name: "memory", create: () => memoryStore() });
