import type { LookupFunction } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { destinationPolicy } from "./destinations";
import { createFetchSender } from "./fetch-sender";
import { createWebhookSender } from "./send-webhook";
import { NO_HTTP_ANSWER, type WebhookRequest, type WebhookSender } from "./sender";
import {
  closedPortUrl,
  RECEIVER_DESTINATIONS,
  type Receiver,
  startReceiver,
} from "./test-support/receiver";
import { createUndiciSender, type UndiciSenderOptions } from "./undici-sender";

/** The timeout a case waits out on purpose. */
const TIMEOUT_MS = 200;
/**
 * The timeout of cases that expect an answer: generous, so that a loaded machine (or the
 * first use of the global fetch, which loads its client) never turns an answer into a timeout.
 */
const ANSWER_TIMEOUT_MS = 10_000;

/** The receivers listen on loopback, which a sender refuses unless told. */
const receiverHosts = destinationPolicy(RECEIVER_DESTINATIONS);

let receiver: Receiver;
const receivers: Receiver[] = [];
const senders: WebhookSender[] = [];

beforeEach(async () => {
  receiver = await anotherReceiver();
});

afterEach(async () => {
  for (const sender of senders.splice(0)) await sender.close();
  for (const r of receivers.splice(0)) await r.close();
});

async function anotherReceiver(): Promise<Receiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

function undiciSender(options: Partial<UndiciSenderOptions> = {}): WebhookSender {
  return createUndiciSender({
    timeoutMs: ANSWER_TIMEOUT_MS,
    fallback: () => createFetchSender(globalThis.fetch, ANSWER_TIMEOUT_MS, receiverHosts),
    destinations: receiverHosts,
    ...options,
  });
}

/** A resolver that answers from a table, as /etc/hosts would: DNS the test controls. */
function hostsTable(table: Record<string, string>): LookupFunction {
  return (hostname, options, callback) => {
    const address = table[hostname];
    if (!address) {
      callback(
        Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }),
        "",
        0,
      );
    } else if (options.all) callback(null, [{ address, family: 4 }]);
    else callback(null, address, 4);
  };
}

function request(url = receiver.url): WebhookRequest {
  return {
    url,
    headers: { "content-type": "application/json", "webhook-id": "evt_1" },
    body: JSON.stringify({ type: "return.created", data: {} }),
  };
}

// Both clients keep the same contract; the dispatcher cannot tell them apart.
describe.each([
  ["undici request()", (timeoutMs: number) => undiciSender({ timeoutMs })],
  ["fetch", (timeoutMs: number) => createFetchSender(globalThis.fetch, timeoutMs, receiverHosts)],
])("%s sender", (_name, create) => {
  function sender(timeoutMs = ANSWER_TIMEOUT_MS): WebhookSender {
    const created = create(timeoutMs);
    senders.push(created);
    return created;
  }

  it("send - POSTs the body and headers and counts a 2xx as delivered", async () => {
    const result = await sender().send(request());

    expect(result).toMatchObject({ ok: true, status: 204, error: null, retryAfter: null });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    const [received] = receiver.received;
    expect(received?.method).toBe("POST");
    expect(received?.id).toBe("evt_1");
    expect(received?.payload.type).toBe("return.created");
  });

  it("send - reports a 503 with its Retry-After", async () => {
    receiver.answer(() => ({ status: 503, headers: { "retry-after": "120" } }));

    expect(await sender().send(request())).toMatchObject({
      ok: false,
      status: 503,
      error: null,
      retryAfter: "120",
    });
  });

  it("send - does not follow a redirect and counts it as a failure", async () => {
    const elsewhere = await anotherReceiver();
    receiver.answer(() => ({ status: 307, headers: { location: elsewhere.url } }));

    const result = await sender().send(request());

    expect(result).toMatchObject({ ok: false, status: 307 });
    expect(result.error).toBe("redirect (307) not followed");
    expect(elsewhere.received).toHaveLength(0);
  });

  it("send - gives up on a receiver that never answers once the timeout passes", async () => {
    receiver.answer(() => "hang");

    const result = await sender(TIMEOUT_MS).send(request());

    // The record says only that no HTTP answer came; the cause is for the log.
    expect(result).toMatchObject({
      ok: false,
      status: null,
      error: NO_HTTP_ANSWER,
      cause: `timeout: no response within ${TIMEOUT_MS} ms`,
    });
    expect(result.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 10);
    expect(result.durationMs).toBeLessThan(TIMEOUT_MS + 1_000);
  });

  it("send - records a refused connection by its code", async () => {
    const result = await sender().send(request(await closedPortUrl()));

    expect(result).toMatchObject({ ok: false, status: null, error: NO_HTTP_ANSWER });
    expect(result.cause).toMatch(/ECONNREFUSED/);
  });

  it("send - reads a large response body away and still counts the 2xx", async () => {
    receiver.answer(() => ({ status: 200, body: "x".repeat(200 * 1024) }));

    expect(await sender().send(request())).toMatchObject({ ok: true, status: 200 });
  });

  it("close - lets a later send open a new connection", async () => {
    const client = sender();
    expect((await client.send(request())).ok).toBe(true);

    await client.close();

    expect((await client.send(request())).ok).toBe(true);
    expect(receiver.received).toHaveLength(2);
  });
});

describe("undici request() sender", () => {
  it("send - reuses kept-alive connections for attempt after attempt", async () => {
    const sender = undiciSender();
    senders.push(sender);
    receiver.answer(() => ({ status: 200, body: "x".repeat(32 * 1024) }));

    for (let i = 0; i < 10; i++) expect((await sender.send(request())).ok).toBe(true);

    // Pooled, not one connection per attempt. (undici may open a second one when the next
    // request is made in the same tick as the previous one ends.)
    expect(receiver.connectionsOpened()).toBeLessThanOrEqual(2);
  });

  it("send - refuses, when connecting, a name that resolves inside the network, and opens no connection", async () => {
    const sender = undiciSender({
      destinations: destinationPolicy(),
      resolve: hostsTable({ "receiver.example": "127.0.0.1" }),
    });
    senders.push(sender);

    const result = await sender.send(
      request(receiver.url.replace("127.0.0.1", "receiver.example")),
    );

    expect(result).toMatchObject({ ok: false, status: null });
    expect(result.error).toContain(
      "receiver.example (resolved to 127.0.0.1) is a loopback address (rule: loopback)",
    );
    expect(receiver.connectionsOpened()).toBe(0);
  });

  it("send - connects to a name that resolves to an allowed address", async () => {
    const sender = undiciSender({
      destinations: destinationPolicy(RECEIVER_DESTINATIONS),
      resolve: hostsTable({ "receiver.example": "127.0.0.1" }),
    });
    senders.push(sender);

    const result = await sender.send(
      request(receiver.url.replace("127.0.0.1", "receiver.example")),
    );

    expect(result).toMatchObject({ ok: true, status: 204 });
    expect(receiver.received).toHaveLength(1);
  });

  it("send - falls back to fetch, and says so once, when undici cannot be loaded", async () => {
    const unavailable: unknown[] = [];
    const viaFetch: string[] = [];
    const sender = undiciSender({
      load: () => Promise.reject(new Error("Cannot find package 'undici'")),
      onUnavailable: (error) => unavailable.push(error),
      fallback: () =>
        createFetchSender(
          (input, init) => {
            viaFetch.push(String(input));
            return fetch(input, init);
          },
          ANSWER_TIMEOUT_MS,
          receiverHosts,
        ),
    });
    senders.push(sender);

    await sender.prepare();
    expect((await sender.send(request())).ok).toBe(true);
    expect((await sender.send(request())).ok).toBe(true);

    expect(viaFetch).toEqual([receiver.url, receiver.url]);
    expect(unavailable).toHaveLength(1);
    expect(String(unavailable[0])).toMatch(/undici/);
  });
});

describe("createWebhookSender", () => {
  it("sends through the host's fetch when one is given", async () => {
    const calls: string[] = [];
    const hostFetch: typeof fetch = (input, init) => {
      calls.push(String(input));
      return fetch(input, init);
    };
    const sender = createWebhookSender({
      timeoutMs: ANSWER_TIMEOUT_MS,
      fetch: hostFetch,
      destinations: receiverHosts,
    });
    senders.push(sender);

    expect((await sender.send(request())).ok).toBe(true);
    expect(calls).toEqual([receiver.url]);
  });
});
