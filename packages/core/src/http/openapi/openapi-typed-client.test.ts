/**
 * A typed client generated from the served OpenAPI document, the way a user makes one:
 * openapi-typescript (its Node API) writes the types, openapi-fetch is the client. A small
 * program is type-checked against them, then run against a real service.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { testAuthenticate, testToken } from "@returnkit/testing";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import { createReturnsService } from "../../service";
import { OPENAPI_PATH } from "../routes";
import { TYPED_CLIENT_PROGRAM } from "../test-support/typed-client-program";

const BASE_URL = "https://shop.test/returns";
const require = createRequire(import.meta.url);
// Inside this package's node_modules, so the program resolves openapi-fetch as a user's would.
const CACHE = join(dirname(require.resolve("openapi-fetch/package.json")), "..", ".cache");

function typeErrors(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
}

describe("a client generated from the served OpenAPI document", () => {
  test("openapi-typescript + openapi-fetch - a program type-checks and creates and submits a return", async () => {
    const service = createReturnsService({
      baseUrl: BASE_URL,
      auth: { authenticate: testAuthenticate },
    });
    const served = await service.fetch(new Request(`${BASE_URL}${OPENAPI_PATH}`));
    const types = astToString(await openapiTS(await served.json(), { silent: true }));

    await mkdir(CACHE, { recursive: true });
    const directory = await mkdtemp(join(CACHE, "returnkit-typed-client-"));
    try {
      await writeFile(join(directory, "api.d.ts"), types);
      const source = join(directory, "program.ts");
      await writeFile(source, TYPED_CLIENT_PROGRAM);
      expect(typeErrors(source)).toEqual([]);

      const compiled = ts.transpileModule(TYPED_CLIENT_PROGRAM, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      });
      const runnable = join(directory, "program.mjs");
      await writeFile(runnable, compiled.outputText);
      const { createAndSubmit } = await import(/* @vite-ignore */ runnable);
      const outcome = await createAndSubmit(
        (request: Request) => service.fetch(request),
        BASE_URL,
        testToken("portal", "typed-client-user"),
      );
      expect(outcome).toMatchObject({
        quantity: 1,
        state: "submitted",
        refusal: {
          status: 409,
          type: "urn:returnkit:problem:invalid-transition",
          allowedEvents: ["cancel"],
        },
      });
      const stored = await service.get(outcome.id, {
        principal: { kind: "portal", id: "typed-client-user", scopes: ["portal:returns.read"] },
      });
      expect(stored.state).toBe("submitted");
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);
});
