import { describe, expect, test } from "vitest";
import { loggedUrl } from "./logged-url";

describe("loggedUrl", () => {
  test("loggedUrl - every query value and any credentials are redacted, the rest kept", () => {
    expect(loggedUrl("https://hooks.example/in?token=abc&token=def&v=2#frag")).toBe(
      "https://hooks.example/in?token=REDACTED&token=REDACTED&v=REDACTED",
    );
    expect(loggedUrl("https://alice:hunter2@hooks.example:8443/in")).toBe(
      "https://REDACTED@hooks.example:8443/in",
    );
    expect(loggedUrl("https://hooks.example/in")).toBe("https://hooks.example/in");
    expect(loggedUrl("https://hooks.example/in?flag")).toBe(
      "https://hooks.example/in?flag=REDACTED",
    );
  });

  test("loggedUrl - text that is no URL loses everything after its ? or #", () => {
    expect(loggedUrl("not a url?token=abc")).toBe("not a url?REDACTED");
    expect(loggedUrl("ftp//x#token=abc")).toBe("ftp//x#REDACTED");
    expect(loggedUrl("plain")).toBe("plain");
  });
});
