import { describe, expect, it } from "vitest";
import { responseText, textResponse } from "./response-text";

describe("responseText", () => {
  it("responseText - gives the text a response was built from, until its body is read", async () => {
    const response = textResponse('{"ok":true}', { status: 200 });
    expect(responseText(response)).toBe('{"ok":true}');
    expect(await response.text()).toBe('{"ok":true}');
    expect(responseText(response)).toBeUndefined();
  });

  it("responseText - knows nothing of a response built elsewhere", () => {
    expect(responseText(new Response("elsewhere"))).toBeUndefined();
  });
});
