/**
 * The served OpenAPI document through third-party tooling: redocly's recommended ruleset
 * (no ignore file, no rule switched off) and two independent validators, in each main
 * configuration of the service.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import SwaggerParser from "@apidevtools/swagger-parser";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, test } from "vitest";
import { SERVED_CONFIGURATIONS, servedDocument } from "../test-support/served-documents";

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const REDOCLY_CLI = join(dirname(require.resolve("@redocly/cli/package.json")), "bin", "cli.js");

interface RedoclyReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
}

/** `redocly lint --extends recommended`, in an empty directory so no config or ignore file applies. */
async function redoclyLint(document: unknown): Promise<RedoclyReport> {
  const directory = await mkdtemp(join(tmpdir(), "returnkit-redocly-"));
  try {
    await writeFile(join(directory, "openapi.json"), JSON.stringify(document));
    const { stdout } = await run(
      process.execPath,
      [REDOCLY_CLI, "lint", "--extends", "recommended", "--format", "json", "openapi.json"],
      {
        cwd: directory,
        // No telemetry and no update check: the test must not phone home.
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: "off",
          REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
          DO_NOT_TRACK: "1",
        },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
    return JSON.parse(stdout) as RedoclyReport;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

describe.each(SERVED_CONFIGURATIONS)("the served OpenAPI document ($name)", (configuration) => {
  test("redocly lint - the recommended ruleset finds no error and no warning", async () => {
    const report = await redoclyLint(await servedDocument(configuration));
    const found = report.problems.map(
      (problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`,
    );
    expect(found).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
  }, 60_000);

  test("@seriousme/openapi-schema-validator - valid against the OpenAPI 3.1 schema", async () => {
    const result = await new Validator().validate(
      structuredClone(await servedDocument(configuration)),
    );
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  test("@apidevtools/swagger-parser - valid, every $ref resolved", async () => {
    // A clone, since swagger-parser dereferences in place; `never` because its parameter type
    // comes from openapi-types, which core does not depend on.
    const document = structuredClone(await servedDocument(configuration));
    await expect(SwaggerParser.validate(document as never)).resolves.toBeTruthy();
  });
});
