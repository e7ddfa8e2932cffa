#!/usr/bin/env node
/** @module bin — the `returnkit` executable. */
import { runCli } from "./run-cli";

runCli(process.argv.slice(2), process.env, {
  out: (text) => process.stdout.write(`${text}\n`),
  error: (text) => process.stderr.write(`${text}\n`),
}).then((code) => {
  process.exitCode = code;
});
