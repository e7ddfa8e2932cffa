/** @module commands — every command of `returnkit`, in the order `--help` lists them. */
import type { Command } from "../command";
import { deliveryCommands } from "./deliveries";
import { endpointCommands } from "./endpoints";
import { migrateCommands } from "./migrate";
import { redeliveryCommands } from "./redelivery";
import { returnCommands } from "./returns";

export const COMMANDS: readonly Command[] = [
  ...migrateCommands,
  ...endpointCommands,
  ...returnCommands,
  ...deliveryCommands,
  ...redeliveryCommands,
];
