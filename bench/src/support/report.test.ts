import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { type BenchReport, checkoutLabel, machineInfo, writeResults } from "./report";

const repository = resolve(fileURLToPath(import.meta.url), "../../../..");
const beforeCheckout = join(tmpdir(), "pg-before");

/** A run whose bench wrote machine paths where a careless one would: a label, a note, an error. */
const report: BenchReport = {
  date: "2026-11-26T23:00:00.000Z",
  machine: machineInfo(),
  sections: [
    {
      bench: "http",
      measuredAt: "2026-11-26T23:00:00.000Z",
      durationSeconds: 1,
      loadBefore: 0.5,
      section: {
        title: "HTTP",
        figures: [
          {
            metric: "PostgreSQL: returnkit create+submit throughput against another checkout",
            value: 100,
            unit: "req/s",
            baseline: {
              label: `the checkout ${beforeCheckout} (BENCH_HTTP_POSTGRES_BEFORE)`,
              value: 90,
            },
          },
        ],
        notes: [
          `Per iteration: POST /v1/portal/returns then POST …/{id}/submit, 100 req/s; data in ${homedir()}/.cache/bench.`,
        ],
      },
    },
    {
      bench: "postgres",
      measuredAt: "2026-11-26T23:00:00.000Z",
      durationSeconds: 1,
      loadBefore: 0.5,
      error: `Error: the server of ${beforeCheckout} did not start\n    at startServer (${repository}/bench/src/http.ts:120:11)`,
    },
  ],
};

describe("writeResults", () => {
  const dir = mkdtempSync(join(tmpdir(), "bench-results-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writeResults - names no path of this machine in latest.md or latest.json", () => {
    writeResults(dir, report);
    for (const file of ["latest.md", "latest.json"]) {
      const text = readFileSync(join(dir, file), "utf8");
      for (const machinePath of [repository, tmpdir(), homedir(), beforeCheckout])
        expect(text).not.toContain(machinePath);
      // What the reader needs stays: the URL paths and the source file the error came from.
      expect(text).toContain("POST /v1/portal/returns then POST …/{id}/submit, 100 req/s");
      expect(text).toContain("(bench/src/http.ts:120:11)");
      expect(text).toContain("…/pg-before");
    }
    expect(JSON.parse(readFileSync(join(dir, "latest.json"), "utf8")).sections).toHaveLength(2);
  });
});

describe("checkoutLabel", () => {
  it("checkoutLabel - names a checkout by its commit, not by its directory", () => {
    const label = checkoutLabel(repository);
    expect(label).toMatch(/^before \([0-9a-f]{7,}\)$/);
    expect(label).not.toContain("/");
  });
});
