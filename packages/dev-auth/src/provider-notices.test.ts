import { afterEach, describe, expect, test, vi } from "vitest";
import { startDevAuthorizationServer } from "./server";

const RESOURCE = "http://127.0.0.1:4010/returns";

describe("oidc-provider's development notices", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test("startDevAuthorizationServer - prints none of oidc-provider's notices about what it is for, and passes others on", async () => {
    const printed: unknown[][] = [];
    vi.spyOn(console, "warn").mockImplementation((...args) => printed.push(args));
    vi.spyOn(console, "info").mockImplementation((...args) => printed.push(args));
    // The first import of oidc-provider in this process (each test file has its own) warns
    // about the runtime below Node 22; creating the provider about its in-memory adapter and
    // its development login forms. A token through those forms exercises them all.
    const server = await startDevAuthorizationServer({ resource: RESOURCE });
    try {
      expect(await server.portalToken("alice")).toMatch(/^ey/);
      expect(await server.merchantToken()).toMatch(/^ey/);
    } finally {
      await server.close();
    }
    expect(printed.map((args) => args.join(" "))).toEqual([]);
    // Outside the provider's start, a warning is printed as usual.
    console.warn("oidc-provider WARNING: something else");
    expect(printed).toHaveLength(1);
  });
});
