import { INSIDE_DESTINATIONS } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import { destinationPolicy, isDestinationEntry } from "./destinations";

const hostOf = (url: string) => new URL(url).hostname;

describe("webhook destinations", () => {
  it("checkHost - refuses every inside spelling by default, naming its rule", () => {
    const policy = destinationPolicy();
    for (const [url, rule] of INSIDE_DESTINATIONS) {
      expect([url, policy.checkHost(hostOf(url))?.rule]).toEqual([url, rule]);
    }
  });

  it("checkHost - lets public names and addresses through, NAT64 of a public address included", () => {
    const policy = destinationPolicy();
    for (const url of [
      "https://hooks.example/in",
      "https://93.184.215.14/",
      "https://[2606:4700::1111]/",
      "https://[64:ff9b::93.184.215.14]/",
      "https://localhost.example.com/",
    ]) {
      expect([url, policy.checkHost(hostOf(url))]).toEqual([url, null]);
    }
  });

  it("checkHost, checkResolved - allowedDestinations admits its names, addresses and blocks, and nothing beside them", () => {
    const policy = destinationPolicy([
      "hooks.corp.internal",
      "127.0.0.1",
      "10.20.0.0/16",
      "fd00::/8",
    ]);

    expect(policy.checkHost("HOOKS.corp.internal.")).toBeNull();
    expect(policy.checkResolved("hooks.corp.internal", "10.99.0.1")).toBeNull();
    expect(policy.checkHost("127.0.0.1")).toBeNull();
    expect(policy.checkHost("[::ffff:7f00:1]")).toBeNull();
    expect(policy.checkHost("127.0.0.2")?.rule).toBe("loopback");
    expect(policy.checkResolved("erp.example", "10.20.3.4")).toBeNull();
    expect(policy.checkResolved("erp.example", "10.21.3.4")?.rule).toBe("private");
    expect(policy.checkResolved("erp.example", "fd00:ec2::254")).toBeNull();
    expect(policy.checkResolved("erp.example", "fe80::1")?.rule).toBe("link-local");
    expect(policy.checkResolved("erp.example", "169.254.169.254")).toMatchObject({
      rule: "cloud-metadata",
      message: expect.stringContaining("erp.example (resolved to 169.254.169.254)"),
    });
  });

  it("isDestinationEntry - hostnames, addresses and CIDR blocks; nothing else", () => {
    for (const good of [
      "hooks.example",
      "localhost",
      "127.0.0.1",
      "::1",
      "[::1]",
      "10.0.0.0/8",
      "fd00::/8",
    ]) {
      expect([good, isDestinationEntry(good)]).toEqual([good, true]);
    }
    for (const bad of [
      "",
      " x.example",
      "http://x.example",
      "10.0.0.0/33",
      "a b",
      "user@x.example",
      "x.example/8",
      42,
    ]) {
      expect([bad, isDestinationEntry(bad)]).toEqual([bad, false]);
    }
  });
});
