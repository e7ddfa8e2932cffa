import { describeNotificationsConformance, runStoreConformance } from "@returnkit/testing";
import { memoryStore } from "./memory-store";

runStoreConformance({ name: "memory", create: () => memoryStore() });

// A group runs on its own too, with its own fresh store per case, for stores that implement
// only part of the contract.
describeNotificationsConformance({ name: "memory", create: () => memoryStore() });
