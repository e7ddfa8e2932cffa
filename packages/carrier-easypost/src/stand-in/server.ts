/**
 * @module stand-in/server — a local stand-in for the part of EasyPost's API the adapter
 * uses, on 127.0.0.1: create, read, buy and refund a shipment, make a form, with Basic auth,
 * the documented errors, and a 5xx on demand. It also signs tracking Events the way EasyPost
 * signs webhooks (https://docs.easypost.com/docs/webhooks: `X-Hmac-Signature:
 * hmac-sha256-hex=<hex>`, HMAC-SHA256 of the raw body with the webhook secret). Demos and
 * tests only (`@returnkit/carrier-easypost/stand-in`): nothing here reaches the internet.
 */

import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  bought,
  createdShipment,
  INTERNAL,
  NOT_FOUND,
  POSTAGE_EXISTS,
  parameterRequired,
  UNAUTHORIZED,
  withForm,
} from "./fixtures";

export interface StandIn {
  /** What the SDK is given as `baseUrl`: `http://127.0.0.1:<port>/v2/`. */
  baseUrl: string;
  /** The API key it takes (the Basic-auth user name): give it to `easypostCarrier`. */
  apiKey: string;
  /** Every request received, in order (method and path). */
  requests: { method: string; path: string; body: unknown }[];
  /** Labels paid for: one per successful buy. */
  purchases: () => number;
  /** The next `count` requests are answered with `status` (500 or 503) and EasyPost's body. */
  failNext: (status: number, count?: number) => void;
  /** Stops listening and drops open connections. */
  close: () => Promise<void>;
}

type Shipment = Record<string, unknown>;
type Reply = { status: number; body: unknown };

function send(res: ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(reply.body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text === "" ? {} : JSON.parse(text);
}

/** The API key is the Basic-auth user name, with no password (https://docs.easypost.com/docs/authentication). */
function authorized(req: IncomingMessage, apiKey: string): boolean {
  const header = req.headers.authorization ?? "";
  if (!header.startsWith("Basic ")) return false;
  const user = Buffer.from(header.slice(6), "base64").toString("utf8").split(":")[0];
  return user === apiKey;
}

function route(shipments: Map<string, Shipment>, counters: { purchases: number }, origin: string) {
  return (method: string, path: string, body: Record<string, unknown>): Reply => {
    if (method === "POST" && path === "/v2/shipments") {
      const params = body.shipment as Record<string, unknown> | undefined;
      if (params === undefined) return { status: 422, body: parameterRequired("shipment") };
      const shipment = createdShipment(params);
      shipments.set(String(shipment.id), shipment);
      return { status: 201, body: shipment };
    }
    const match = /^\/v2\/shipments\/([^/]+)(?:\/(buy|refund|forms))?$/.exec(path);
    const shipment = match === null ? undefined : shipments.get(match[1] ?? "");
    if (match === null || shipment === undefined) return { status: 404, body: NOT_FOUND };
    const id = String(shipment.id);
    const action = match[2];
    if (method === "GET" && action === undefined) return { status: 200, body: shipment };
    if (method === "POST" && action === "buy") {
      if (shipment.tracking_code !== null) return { status: 422, body: POSTAGE_EXISTS };
      const wanted = (body.rate as { id?: string } | undefined)?.id;
      const chosen = (shipment.rates as Shipment[]).find((rate) => rate.id === wanted);
      if (chosen === undefined) return { status: 404, body: NOT_FOUND };
      counters.purchases += 1;
      shipments.set(id, bought(shipment, chosen, origin));
      return { status: 200, body: shipments.get(id) };
    }
    if (method === "POST" && action === "forms") {
      const type = (body.form as { type?: string } | undefined)?.type;
      if (type === undefined) return { status: 422, body: parameterRequired("form.type") };
      shipments.set(id, withForm(shipment, type, origin));
      return { status: 201, body: shipments.get(id) };
    }
    if (method === "POST" && action === "refund") {
      // https://docs.easypost.com/docs/shipments/shipping-refund: "The most common initial
      // status is submitted"; an unbought shipment has nothing to refund.
      const status = shipment.tracking_code === null ? "not_applicable" : "submitted";
      shipments.set(id, { ...shipment, refund_status: status });
      return { status: 200, body: shipments.get(id) };
    }
    return { status: 404, body: NOT_FOUND };
  };
}

/** Starts the stand-in on 127.0.0.1 on a free port. */
export async function startEasyPostStandIn(apiKey = "EZTKstandin"): Promise<StandIn> {
  const shipments = new Map<string, Shipment>();
  const counters = { purchases: 0 };
  const failures: number[] = [];
  const requests: StandIn["requests"] = [];
  let answer: ReturnType<typeof route> | undefined;
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const body = (await readJson(req).catch(() => ({}))) as Record<string, unknown>;
      requests.push({ method: req.method ?? "GET", path: url.pathname, body });
      const failure = failures.shift();
      if (failure !== undefined) return send(res, { status: failure, body: INTERNAL });
      if (!authorized(req, apiKey)) return send(res, { status: 401, body: UNAUTHORIZED });
      send(
        res,
        answer?.(req.method ?? "GET", url.pathname, body) ?? { status: 404, body: NOT_FOUND },
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  answer = route(shipments, counters, origin);
  return {
    baseUrl: `${origin}/v2/`,
    apiKey,
    requests,
    purchases: () => counters.purchases,
    failNext: (status, count = 1) => {
      for (let i = 0; i < count; i += 1) failures.push(status);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** EasyPost's signature of a webhook body (https://docs.easypost.com/docs/webhooks). */
export function signEasyPostWebhook(body: string, secret: string): Record<string, string> {
  const hex = createHmac("sha256", Buffer.from(secret.normalize("NFKD"), "utf8"))
    .update(body, "utf8")
    .digest("hex");
  return { "content-type": "application/json", "x-hmac-signature": `hmac-sha256-hex=${hex}` };
}
