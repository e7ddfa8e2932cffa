import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { API_TYPES_FILE, generateApiTypes } from "../../scripts/api-types";

test("api-types - the committed types are what the API's OpenAPI document generates today", async () => {
  const committed = readFileSync(API_TYPES_FILE, "utf8");

  const current = await generateApiTypes();

  // A change to the API is a change to the pages' types: regenerate, then fix what no longer fits.
  expect(committed, "run `pnpm --filter @returnkit/ui api-types`").toBe(current);
});
