import { context, propagation } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { testAuthenticate, testToken, validCreate } from "@returnkit/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReturnsService } from "../../service";

const BASE = "https://shop.example";
const TRACEPARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

// A host that propagates trace context but registers no tracer provider (nor meter provider):
// no span is built, and the caller's trace context still reaches the events.
beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
});
afterAll(() => {
  propagation.disable();
  context.disable();
});

describe("traces without a tracer provider", () => {
  it("request span - with no tracer registered, a write's events carry the caller's traceparent", async () => {
    const service = createReturnsService({
      baseUrl: BASE,
      auth: { authenticate: testAuthenticate },
      idempotency: { required: false },
    });
    const response = await service.fetch(
      new Request(`${BASE}/v1/portal/returns`, {
        method: "POST",
        headers: {
          authorization: testToken("portal", "user-42"),
          "content-type": "application/json",
          traceparent: TRACEPARENT,
        },
        body: JSON.stringify(validCreate),
      }),
    );
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };

    const [event] = await service.store.listEvents(id);
    expect(event?.traceparent).toBe(TRACEPARENT);
    expect(event?.request_id).toBe(response.headers.get("request-id"));
    await service.close();
  });
});
