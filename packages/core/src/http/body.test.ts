import { describe, expect, it } from "vitest";
import { ProblemError } from "../domain/problems";
import { readJsonBody } from "./body";

const options = { maxBytes: 64, required: true };

/** A Request whose stream must not be touched: reading `body` fails the test. */
function withoutStreamAccess(request: Request): Request {
  Object.defineProperty(request, "body", {
    get() {
      throw new Error("the body stream was materialised");
    },
  });
  return request;
}

function post(body: BodyInit, headers: Record<string, string>): Request {
  return new Request("http://x/", {
    method: "POST",
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

function streamOf(bytes: Uint8Array, chunk = 16): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunk));
      offset += chunk;
    },
  });
}

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 0;
  } catch (error) {
    if (error instanceof ProblemError) return error.status;
    throw error;
  }
}

describe("readJsonBody", () => {
  it("reads a declared-length body in one piece, without building its stream", async () => {
    const request = withoutStreamAccess(
      post('{"a":1}', { "content-type": "application/json", "content-length": "7" }),
    );
    expect(await readJsonBody(request, options)).toEqual({ a: 1 });
  });

  it("still refuses a declared length over the limit before reading", async () => {
    const request = withoutStreamAccess(
      post("x".repeat(100), { "content-type": "application/json", "content-length": "100" }),
    );
    expect(await statusOf(readJsonBody(request, options))).toBe(413);
  });

  it("refuses a body longer than its (lying) declared length when it is over the limit", async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ pad: "y".repeat(200) }));
    const request = post(streamOf(bytes), {
      "content-type": "application/json",
      "content-length": "8",
    });
    expect(await statusOf(readJsonBody(request, options))).toBe(413);
  });

  it("reads a chunked body through the capped stream and refuses it past the limit", async () => {
    const small = new TextEncoder().encode('{"b":2}');
    expect(
      await readJsonBody(post(streamOf(small, 3), { "content-type": "application/json" }), options),
    ).toEqual({ b: 2 });
    const big = new TextEncoder().encode(JSON.stringify({ pad: "z".repeat(500) }));
    expect(
      await statusOf(
        readJsonBody(post(streamOf(big), { "content-type": "application/json" }), options),
      ),
    ).toBe(413);
  });

  it("answers an empty declared-length body as absent or required", async () => {
    const empty = () => post("", { "content-type": "application/json", "content-length": "0" });
    expect(await readJsonBody(empty(), { ...options, required: false })).toBeUndefined();
    expect(await statusOf(readJsonBody(empty(), options))).toBe(400);
  });
});
