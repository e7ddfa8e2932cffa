import { describe, expect, it } from "vitest";
import { callerOriginCheck } from "./caller-origin";

const post = (url: string, headers: Record<string, string> = {}) =>
  new Request(url, { method: "POST", headers });

describe("callerOriginCheck", () => {
  it("origin - a page of another origin is refused with 403; the server's own origin and listed ones pass", () => {
    const check = callerOriginCheck("https://shop.example/returns", ["https://agent.example"]);
    expect(
      check(post("https://shop.example/returns/mcp", { origin: "https://evil.example" }))?.status,
    ).toBe(403);
    expect(
      check(post("https://shop.example/returns/mcp", { origin: "https://shop.example" })),
    ).toBeNull();
    expect(
      check(post("https://shop.example/returns/mcp", { origin: "https://agent.example" })),
    ).toBeNull();
    expect(check(post("https://shop.example/returns/mcp"))).toBeNull();
  });

  it("host - a loopback server refuses a request addressed to another host (DNS rebinding), and takes any loopback name", () => {
    const check = callerOriginCheck("http://127.0.0.1:3000");
    const rebound = check(post("http://evil.example:3000/mcp"));
    expect(rebound?.status).toBe(403);
    expect(rebound?.slug).toBe("untrusted-origin");
    expect(check(post("http://localhost:3000/mcp"))).toBeNull();
    expect(check(post("http://127.0.0.1:3000/mcp"))).toBeNull();
    expect(check(post("http://[::1]:3000/mcp"))).toBeNull();
  });

  it("host - a server on a public name does not judge the Host (proxies rewrite it)", () => {
    const check = callerOriginCheck("https://shop.example");
    expect(check(post("https://internal-lb.local/mcp"))).toBeNull();
  });
});
