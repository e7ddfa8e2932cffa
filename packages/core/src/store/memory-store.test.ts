import { runStoreConformance } from "../testing";
import { memoryStore } from "./memory-store";

runStoreConformance({ name: "memory", create: () => memoryStore() });
