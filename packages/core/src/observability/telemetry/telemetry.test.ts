import { context, SpanKind, trace } from "@opentelemetry/api";
import { testAuthenticate, testToken, validCreate } from "@returnkit/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { generateWebhookSecret } from "../../delivery/signer";
import {
  RECEIVER_DESTINATIONS,
  type Receiver,
  startReceiver,
} from "../../delivery/test-support/receiver";
import { createReturnsService, type ReturnsService } from "../../service";
import {
  type InMemoryTelemetry,
  installInMemoryTelemetry,
  pointsOf,
  spanNamed,
} from "./test-support/in-memory-telemetry";
import { contextFromTraceparent, currentTraceparent } from "./trace-context";

const BASE = "https://shop.example";
const CALLER_TRACE = "0af7651916cd43dd8448eb211c80319c";
const CALLER_SPAN = "b7ad6b7169203331";

let telemetry: InMemoryTelemetry;
let receiver: Receiver;
let service: ReturnsService | undefined;

beforeAll(() => {
  telemetry = installInMemoryTelemetry();
});
afterAll(async () => {
  await telemetry.uninstall();
});
afterEach(async () => {
  await service?.close();
  await receiver?.close();
  service = undefined;
});

async function serviceSendingTo(answer: number, retrySchedule = [0, 1_000]) {
  receiver = await startReceiver();
  receiver.answer(() => ({ status: answer }));
  service = createReturnsService({
    baseUrl: BASE,
    auth: { authenticate: testAuthenticate },
    idempotency: { required: false },
    webhooks: {
      // The receiver's token in the query, as many receivers take it.
      endpoints: [{ url: `${receiver.url}?token=span-secret`, secret: generateWebhookSecret() }],
      retrySchedule,
      allowedDestinations: RECEIVER_DESTINATIONS,
    },
  });
  await service.ready();
  return service;
}

function createReturn(target: ReturnsService, headers: Record<string, string> = {}) {
  return target.fetch(
    new Request(`${BASE}/v1/portal/returns`, {
      method: "POST",
      headers: {
        authorization: testToken("portal", "user-42"),
        "content-type": "application/json",
        ...headers,
      },
      body: JSON.stringify(validCreate),
    }),
  );
}

describe("traces", () => {
  it("request span - continues the caller's traceparent; the operation and commit spans are its descendants", async () => {
    const target = await serviceSendingTo(204);
    const response = await createReturn(target, {
      traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01`,
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const spans = telemetry.spans().filter((s) => s.spanContext().traceId === CALLER_TRACE);

    const request = spanNamed(spans, "POST /v1/portal/returns");
    expect(request.kind).toBe(SpanKind.SERVER);
    expect(request.parentSpanContext?.spanId).toBe(CALLER_SPAN);
    expect(request.attributes).toMatchObject({
      "http.request.method": "POST",
      "http.route": "/v1/portal/returns",
      "http.response.status_code": 201,
      "url.path": "/v1/portal/returns",
      "url.scheme": "https",
      "returnkit.operation": "createReturn",
    });
    const operation = spanNamed(spans, "returnkit create");
    expect(operation.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    const commit = spanNamed(spans, "returnkit.store commit");
    expect(commit.parentSpanContext?.spanId).toBe(operation.spanContext().spanId);
    expect(commit.attributes).toMatchObject({
      "returnkit.return.id": id,
      "returnkit.commit.outcome": "committed",
    });
  });

  it("request span - a refused request is no error of the server's; a route template names it", async () => {
    const target = await serviceSendingTo(204);
    const response = await target.fetch(
      new Request(`${BASE}/v1/merchant/returns/ret_01ARZ3NDEKTSV4RRFFQ69G5FAV`, {
        headers: { authorization: testToken("merchant", "backoffice") },
      }),
    );
    expect(response.status).toBe(404);
    const request = spanNamed(telemetry.spans(), "GET /v1/merchant/returns/{id}");
    expect(request.status.code).toBe(0);
    expect(request.attributes).toMatchObject({
      "http.response.status_code": 404,
      "returnkit.return.id": "ret_01ARZ3NDEKTSV4RRFFQ69G5FAV",
    });
    expect(request.attributes["error.type"]).toBeUndefined();
  });

  it("delivery span - a child of the commit that wrote the event, carrying its ids; its traceparent arrives at the receiver", async () => {
    const target = await serviceSendingTo(204);
    const created = await createReturn(target, {
      traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01`,
    });
    const { id } = (await created.json()) as { id: string };
    const commit = spanNamed(
      telemetry.spans().filter((span) => span.attributes["returnkit.return.id"] === id),
      "returnkit.store commit",
    );
    const [event] = await target.store.listEvents(id);
    expect(event?.traceparent).toBe(`00-${CALLER_TRACE}-${commit.spanContext().spanId}-01`);

    await target.dispatcher.drain();
    const [webhook] = receiver.received;
    expect(webhook).toBeDefined();
    const delivery = spanNamed(
      telemetry.spans().filter((span) => span.attributes["returnkit.return.id"] === id),
      "returnkit.webhook deliver",
    );
    expect(delivery.kind).toBe(SpanKind.CLIENT);
    expect(delivery.parentSpanContext?.spanId).toBe(commit.spanContext().spanId);
    expect(delivery.attributes).toMatchObject({
      "returnkit.event.id": webhook!.id,
      "returnkit.return.id": id,
      "returnkit.endpoint.kind": "webhook",
      "returnkit.delivery.attempt": 1,
      "returnkit.delivery.outcome": "delivered",
      "http.request.method": "POST",
      "http.response.status_code": 204,
      "server.address": "127.0.0.1",
      "url.full": `${receiver.url}?token=REDACTED`,
    });
    expect(delivery.attributes["returnkit.endpoint.id"]).toMatch(/^ep_/);
    const { traceId, spanId } = delivery.spanContext();
    expect(traceId).toBe(CALLER_TRACE);
    expect(webhook!.headers.traceparent).toBe(`00-${CALLER_TRACE}-${spanId}-01`);
  });

  it("trace context - a stored traceparent gives back the context it was taken in", () => {
    expect(currentTraceparent()).toBeNull();
    const span = trace.getTracer("test").startSpan("commit");
    const stored = context.with(trace.setSpan(context.active(), span), currentTraceparent);
    span.end();
    expect(stored).toBe(`00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`);
    const restored = trace.getSpanContext(contextFromTraceparent(stored));
    expect(restored).toMatchObject({ traceId: span.spanContext().traceId, isRemote: true });
    expect(trace.getSpanContext(contextFromTraceparent(null))).toBeUndefined();
  });
});

describe("metrics", () => {
  it("metrics - request duration, commits, deliveries by outcome, dead letters and outbox lag", async () => {
    // One attempt only: a receiver answering 500 dead-letters the delivery at once.
    const target = await serviceSendingTo(500, [0]);
    expect((await createReturn(target)).status).toBe(201);
    const lagBefore = pointsOf(await telemetry.metrics(), "returnkit.outbox.lag");
    await target.dispatcher.drain();
    const all = await telemetry.metrics();

    const durations = pointsOf(all, "http.server.request.duration");
    expect(durations.map((p) => p.attributes)).toContainEqual({
      "http.request.method": "POST",
      "http.route": "/v1/portal/returns",
      "http.response.status_code": 201,
      "url.scheme": "https",
    });
    expect(
      all.find((m) => m.descriptor.name === "http.server.request.duration")?.descriptor.unit,
    ).toBe("s");
    expect(pointsOf(all, "returnkit.store.commits")).toContainEqual(
      expect.objectContaining({ attributes: { "returnkit.commit.outcome": "committed" } }),
    );
    expect(pointsOf(all, "returnkit.webhook.deliveries")).toContainEqual(
      expect.objectContaining({
        attributes: expect.objectContaining({ "returnkit.delivery.outcome": "dead" }),
      }),
    );
    expect(pointsOf(all, "returnkit.webhook.dead_letters")).toContainEqual(
      expect.objectContaining({
        attributes: expect.objectContaining({ "returnkit.endpoint.kind": "webhook" }),
        value: expect.any(Number),
      }),
    );
    // Due and not yet attempted: the lag is observed, in seconds, never negative.
    expect(lagBefore).toHaveLength(1);
    expect(lagBefore[0]!.value).toBeGreaterThanOrEqual(0);
  });
});
