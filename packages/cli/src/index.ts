/**
 * @module @returnkit/cli — the `returnkit` command line (migrations, webhook endpoints,
 * deliveries, redelivery, recovery against DATABASE_URL), also callable from a script.
 *
 * ```ts
 * const code = await runCli(["migrate", "status", "--json"], process.env, {
 *   out: (text) => console.log(text),
 *   error: (text) => console.error(text),
 * });
 * ```
 */
export { EXIT_CODES, type ExitCode } from "./errors";
export { type CliIo, runCli } from "./run-cli";
