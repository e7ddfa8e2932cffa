import { INSIDE_DESTINATIONS, makeEndpoint, testAuthenticate, testToken } from "@returnkit/testing";
import { afterEach, describe, expect, it } from "vitest";
import { NO_HTTP_ANSWER } from "../delivery/sender";
import { TEST_EVENT_NOT_ACCEPTED } from "../delivery/test-event";
import {
  closedPortUrl,
  RECEIVER_DESTINATIONS,
  type Receiver,
  startNonHttpListener,
  startReceiver,
} from "../delivery/test-support/receiver";
import { type LogFields, silentLogger } from "../observability/logging/logger";
import { createReturnsService, type ReturnsService } from "../service";
import type { ReturnsServiceOptions } from "../service-options";
import { memoryStore } from "../store/memory/memory-store";

const BASE = "https://shop.example";
const ENDPOINTS = "/v1/webhooks/endpoints";
const PROBLEM = "urn:returnkit:problem:";
const manager = testToken("merchant", "ops", ["merchant:webhooks.manage"]);

const services: ReturnsService[] = [];
const receivers: Receiver[] = [];
afterEach(async () => {
  for (const service of services.splice(0)) await service.close();
  for (const receiver of receivers.splice(0)) await receiver.close();
});

function serve(webhooks: ReturnsServiceOptions["webhooks"] = {}, logged: LogFields[] = []) {
  const store = memoryStore();
  const keep = (fields: LogFields, msg: string) => void logged.push({ ...fields, msg });
  const logger = { ...silentLogger, info: keep, warn: keep };
  const service = createReturnsService({
    store,
    baseUrl: BASE,
    auth: { authenticate: testAuthenticate },
    logger,
    webhooks: { retrySchedule: [0, 60_000], ...webhooks },
  });
  services.push(service);
  let keys = 0;
  const send = async (method: string, path: string, body?: unknown) => {
    const response = await service.fetch(
      new Request(`${BASE}${path}`, {
        method,
        headers: {
          authorization: manager,
          "idempotency-key": `k-${++keys}-${Math.random()}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: JSON.parse(text) };
  };
  return { service, store, send };
}

async function receiver(): Promise<Receiver> {
  const started = await startReceiver();
  receivers.push(started);
  return started;
}

describe("webhook destinations over HTTP", () => {
  it("createEndpoint - every inside destination, in every spelling, is refused with 422 naming the rule, and nothing is saved", async () => {
    const { store, send } = serve();

    for (const [url, rule] of INSIDE_DESTINATIONS) {
      const created = await send("POST", ENDPOINTS, { url });
      expect([url, created.status, created.json.rule]).toEqual([url, 422, rule]);
      expect(created.headers.get("content-type")).toBe("application/problem+json");
      expect(created.json).toMatchObject({ type: `${PROBLEM}webhook-destination-refused` });
      expect(created.json.detail).toContain(`rule: ${rule}`);
    }
    expect(await store.listEndpoints()).toEqual([]);
  });

  it("createEndpoint - a URL with user:password@ is refused with 422 (rule userinfo), even when its host is allowed", async () => {
    const { store, send } = serve({ allowedDestinations: ["hooks.example"] });

    for (const url of [
      "https://alice:hunter2@hooks.example/in",
      "https://alice@hooks.example/in",
      "https://:hunter2@hooks.example/in",
    ]) {
      const created = await send("POST", ENDPOINTS, { url });
      expect([url, created.status, created.json.rule]).toEqual([url, 422, "userinfo"]);
      expect(created.text).not.toMatch(/alice|hunter2/);
    }
    expect(await store.listEndpoints()).toEqual([]);
  });

  it("createEndpoint - a public host is accepted, and allowedDestinations lets an inside one in", async () => {
    const { send } = serve({ allowedDestinations: ["127.0.0.1", "10.0.0.0/8", "hooks.internal"] });

    for (const url of [
      "https://hooks.example/in",
      "http://127.0.0.1:9000/in",
      "http://10.20.30.40/in",
      "http://hooks.internal/in",
    ]) {
      expect([url, (await send("POST", ENDPOINTS, { url })).status]).toEqual([url, 201]);
    }
    const outside = await send("POST", ENDPOINTS, { url: "http://192.168.0.1/in" });
    expect([outside.status, outside.json.rule]).toEqual([422, "private"]);
  });

  it("createReturnsService - an endpoint in the options at an inside address is refused at construction unless allowed", () => {
    expect(() =>
      createReturnsService({
        webhooks: { endpoints: [{ url: "http://127.0.0.1:9000/in", secret: SECRET }] },
      }),
    ).toThrow(/webhooks\.endpoints\[0\]\.url: .*rule: loopback/);
    expect(() =>
      createReturnsService({
        webhooks: { allowedDestinations: ["not a host/99"] },
      }),
    ).toThrow(/allowedDestinations/);
    const allowed = createReturnsService({
      webhooks: {
        endpoints: [{ url: "http://127.0.0.1:9000/in", secret: SECRET }],
        allowedDestinations: ["127.0.0.1"],
      },
    });
    services.push(allowed);
  });

  it("sendTestEvent - a loopback receiver answers when allowedDestinations lists it", async () => {
    const target = await receiver();
    const { send } = serve({ allowedDestinations: RECEIVER_DESTINATIONS });
    const created = await send("POST", ENDPOINTS, { url: target.url });

    const tested = await send("POST", `${ENDPOINTS}/${created.json.id}/test`, {});

    expect(tested.json).toMatchObject({ delivered: true, status: 204 });
    expect(target.received).toHaveLength(1);
  });

  it("sendTestEvent - an endpoint stored at an inside address is not contacted: the answer names the rule, whatever listens there", async () => {
    const target = await receiver();
    const { store, send } = serve();
    // Saved before the rule existed: registration never checked it.
    await store.saveEndpoint(makeEndpoint({ id: "legacy", url: target.url }));

    const tested = await send("POST", `${ENDPOINTS}/legacy/test`, {});

    expect(tested.json).toMatchObject({ delivered: false, status: null });
    expect(tested.json.error).toContain("127.0.0.1 is a loopback address (rule: loopback)");
    expect(target.connectionsOpened()).toBe(0);
  });

  it("sendTestEvent - a redirect is not followed, and its Location (and the token in it) is said nowhere", async () => {
    const target = await receiver();
    target.answer(() => ({
      status: 302,
      headers: { location: "https://elsewhere.example/login?token=s3cr3t-t0ken" },
    }));
    const logged: LogFields[] = [];
    const { send } = serve({ allowedDestinations: RECEIVER_DESTINATIONS }, logged);
    const created = await send("POST", ENDPOINTS, { url: target.url });

    const tested = await send("POST", `${ENDPOINTS}/${created.json.id}/test`, {});

    expect(tested.json).toMatchObject({ delivered: false, status: null });
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: "webhook test event failed",
        "http.response.status_code": 302,
        error: "redirect (302) not followed",
      }),
    );
    for (const text of [tested.text, JSON.stringify(logged)]) {
      expect(text).not.toContain("s3cr3t");
      expect(text).not.toContain("elsewhere.example");
    }
  });

  it("sendTestEvent - an HTTP port, a port that speaks no HTTP and a closed port answer one failure; the log tells them apart", async () => {
    const http = await receiver();
    http.answer(() => ({ status: 404 }));
    const other = await startNonHttpListener();
    const closed = await closedPortUrl();
    const logged: LogFields[] = [];
    const { send } = serve({ allowedDestinations: RECEIVER_DESTINATIONS }, logged);
    try {
      const answers = [];
      for (const url of [http.url, other.url, closed]) {
        const created = await send("POST", ENDPOINTS, { url });
        const tested = await send("POST", `${ENDPOINTS}/${created.json.id}/test`, {});
        expect(tested.status).toBe(200);
        const { delivered, status, error } = tested.json;
        answers.push({ delivered, status, error });
      }
      expect(answers[0]).toEqual({
        delivered: false,
        status: null,
        error: TEST_EVENT_NOT_ACCEPTED,
      });
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);

      const lines = logged.filter((line) => line.msg === "webhook test event failed");
      expect(lines.map((line) => line["url.full"])).toEqual([http.url, other.url, closed]);
      expect(lines[0]).toMatchObject({ "http.response.status_code": 404 });
      expect(lines[1]).toMatchObject({ "http.response.status_code": null });
      expect(lines[2]).toMatchObject({ error: expect.stringMatching(/ECONNREFUSED/) });
      expect(lines[1]!.error).not.toEqual(lines[2]!.error);
    } finally {
      await other.close();
    }
  });

  it("GET /v1/webhooks/deliveries - attempts at a port that speaks no HTTP and at a closed port show one error; the log tells them apart", async () => {
    const other = await startNonHttpListener();
    const closed = await closedPortUrl();
    const logged: LogFields[] = [];
    const { service, send } = serve(
      { allowedDestinations: RECEIVER_DESTINATIONS, retrySchedule: [0] },
      logged,
    );
    try {
      for (const url of [other.url, closed]) await send("POST", ENDPOINTS, { url });
      const created = await service.fetch(
        new Request(`${BASE}/v1/portal/returns`, {
          method: "POST",
          headers: {
            authorization: testToken("portal", "alice"),
            "content-type": "application/json",
            "idempotency-key": "create-1",
          },
          body: JSON.stringify({
            order_id: "ord_1",
            line: { sku: "TEE" },
            reason: "DAMAGED",
            resolution: "REFUND",
          }),
        }),
      );
      const { id } = (await created.json()) as { id: string };
      await service.dispatcher.drain();

      const page = await send("GET", `/v1/webhooks/deliveries?return_id=${id}`);
      const attempts = (page.json.data as { attempts: { status: unknown; error: unknown }[] }[])
        .flatMap((delivery) => delivery.attempts)
        .map(({ status, error }) => ({ status, error }));
      expect(attempts).toHaveLength(2);
      expect(attempts[0]).toEqual({ status: null, error: NO_HTTP_ANSWER });
      expect(attempts[1]).toEqual(attempts[0]);
      const causes = logged
        .filter((line) => line.msg === "webhook dead-lettered")
        .map((line) => String(line.error));
      expect(causes).toHaveLength(2);
      expect(causes.some((cause) => /ECONNREFUSED/.test(cause))).toBe(true);
      expect(new Set(causes).size).toBe(2);
    } finally {
      await other.close();
    }
  });

  it("sendTestEvent - one test event in flight per endpoint: a concurrent one gets 409 with Retry-After", async () => {
    const target = await receiver();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    target.answer(async () => {
      await held;
      return { status: 204 };
    });
    const { send } = serve({ allowedDestinations: RECEIVER_DESTINATIONS });
    const created = await send("POST", ENDPOINTS, { url: target.url });
    const other = await send("POST", ENDPOINTS, { url: `${target.url}/other` });
    const path = `${ENDPOINTS}/${created.json.id}/test`;

    const first = send("POST", path, {});
    await target.waitFor(() => true);
    const concurrent = await Promise.all([send("POST", path, {}), send("POST", path, {})]);
    const otherEndpoint = send("POST", `${ENDPOINTS}/${other.json.id}/test`, {});
    await target.waitFor((request) => request.path.endsWith("/other"));
    release();

    expect((await first).json).toMatchObject({ delivered: true });
    expect((await otherEndpoint).json).toMatchObject({ delivered: true });
    for (const refused of concurrent) {
      expect(refused.status).toBe(409);
      expect(refused.json).toMatchObject({
        type: `${PROBLEM}test-event-in-flight`,
        endpoint_id: created.json.id,
      });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    }
    expect(target.received.filter((r) => !r.path.endsWith("/other"))).toHaveLength(1);
    // Once it has answered, the next one goes.
    expect((await send("POST", path, {})).json).toMatchObject({ delivered: true });
  });

  it("getEndpoint, listEndpoints - a stored URL with user:password@ is shown without them", async () => {
    const { store, send } = serve();
    await store.saveEndpoint(
      makeEndpoint({ id: "legacy", url: "https://alice:hunter2@hooks.example/in?x=1" }),
    );

    const one = await send("GET", `${ENDPOINTS}/legacy`);
    const list = await send("GET", ENDPOINTS);

    expect(one.json.url).toBe("https://REDACTED@hooks.example/in?x=1");
    for (const text of [one.text, list.text]) {
      expect(text).not.toContain("alice");
      expect(text).not.toContain("hunter2");
    }
  });
});

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
