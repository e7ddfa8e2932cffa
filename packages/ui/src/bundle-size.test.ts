/**
 * The customer's page must stay light on a phone: its JavaScript at most 60 KB gzipped (the
 * bundle the page loads, preact and the catalogues included).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { expect, test } from "vitest";
import { buildClient } from "../scripts/build-client.mjs";

const assets = fileURLToPath(new URL("../dist/assets/", import.meta.url));

test("the customer page's JavaScript is at most 60 KB gzipped", async () => {
  const manifest = await buildClient();
  const bytes = gzipSync(readFileSync(`${assets}${manifest["customer.js"]}`), { level: 9 }).length;
  expect(bytes).toBeGreaterThan(0);
  expect(bytes).toBeLessThanOrEqual(60 * 1024);
});
