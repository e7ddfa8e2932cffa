#!/usr/bin/env node
/** @module cli — the `returnkit-migrate` executable. */
import { runMigrateCli } from "./migrate-cli";

runMigrateCli(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  error: (line) => console.error(line),
}).then((code) => {
  process.exitCode = code;
});
