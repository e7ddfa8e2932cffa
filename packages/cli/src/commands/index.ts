/** @module commands — every command of `returnkit`, in the order `--help` lists them. */
import type { Command } from "../command";
import { customerCommands } from "./customers";
import { deliveryCommands } from "./deliveries";
import { endpointCommands } from "./endpoints";
import { migrateCommands } from "./migrate";
import { redeliveryCommands } from "./redelivery";
import { returnCommands } from "./returns";

export const COMMANDS: readonly Command[] = [
  ...migrateCommands,
  ...endpointCommands,
  ...returnCommands,
  ...customerCommands,
  ...deliveryCommands,
  ...redeliveryCommands,
];
