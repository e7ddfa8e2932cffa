/**
 * @module testing/cases/webhook-service — what the webhook operation cases share: a service
 * with an endpoint from its options, a subscriber and a receiver that records what it is sent,
 * and the back office's token for the webhook operations.
 */

import { type ServeService, testToken } from "../http-client";

export const PROBLEM = "urn:returnkit:problem:";
export const ENDPOINTS = "/v1/webhooks/endpoints";
export const ERP = "https://erp.example/hooks";
export const OPTION_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
export const MANAGE = "merchant:webhooks.manage";
export const manager = testToken("merchant", "ops", [MANAGE]);

interface SentWebhook {
  url: string;
  headers: Headers;
  body: string;
}

/**
 * A receiver on the other side of the dispatcher's `fetch` option: records what it gets and
 * answers with `status` (settable between calls).
 */
function receiverFetch() {
  const sent: SentWebhook[] = [];
  const state = { status: 204 };
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    sent.push({ url, headers: new Headers(init?.headers), body: String(init?.body ?? "") });
    return new Response(null, { status: state.status });
  }) as typeof globalThis.fetch;
  return { fetch, sent, state };
}

/** A service with one endpoint from its options, one subscriber, and a recording receiver. */
export async function serveWithWebhooks(serve: ServeService) {
  const receiver = receiverFetch();
  const client = await serve({
    webhooks: {
      endpoints: [{ url: ERP, secret: OPTION_SECRET }],
      fetch: receiver.fetch,
      retrySchedule: [0],
    },
    subscribers: [{ name: "refunds", handle: async () => {} }],
  });
  const { send } = client;
  const as = (token: string) => ({
    get: (path: string) => send("GET", path, { token }),
    post: (path: string, body?: unknown, key?: string) => send("POST", path, { token, body, key }),
    patch: (path: string, body: unknown) => send("PATCH", path, { token, body }),
    delete: (path: string) => send("DELETE", path, { token }),
  });
  return { ...client, receiver, ops: as(manager), as };
}
