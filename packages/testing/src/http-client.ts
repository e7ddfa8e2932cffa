/**
 * @module testing/http-client — what the HTTP suite and the cases that run through a mounted
 * service share: test credentials, a service mounted by a target, and a client that checks
 * every response it gets against the OpenAPI document the service serves.
 */

import type { AuthenticateFn, Principal, ReturnsStore } from "@returnkit/core";
import {
  createReturnsService,
  memoryStore,
  OPENAPI_PATH,
  PORTAL_EVENTS,
  type ReturnState,
  type ReturnsService,
  type ReturnsServiceOptions,
} from "@returnkit/core";
import { expect } from "vitest";
import { shortestEventPath, validCreate } from "./fixtures";
import { createResponseValidator, type ResponseValidator } from "./openapi-responses";

export interface MountedService {
  /** Sends a request for `path` (absolute path on the host) to the mounted service. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export interface HttpSuiteTarget {
  name: string;
  /**
   * `"mount-specific"` runs only the cases a mount can get wrong (bodies, methods, paths,
   * headers, status mapping); the domain rules then need one other target run in full.
   * Default `"all"`.
   */
  cases?: "all" | "mount-specific";
  /** Serves `service` at the path of its baseUrl (`/` or a prefix). */
  mount(service: ReturnsService, mountPath: string): Promise<MountedService>;
}

export const BASE = "https://shop.example";

/**
 * Test credentials: `Authorization: Bearer test|<kind>|<id>|<scope,scope>`. The real
 * bearer-token path is covered by the auth tests; this keeps HTTP tests about HTTP.
 */
export const testAuthenticate: AuthenticateFn = (request) => {
  const header = request.headers.get("authorization");
  if (!header) return null;
  const [, kind, id, scopes] = header.replace(/^Bearer /, "").split("|");
  if ((kind !== "portal" && kind !== "merchant") || !id) return null;
  return { kind, id, scopes: (scopes ?? "").split(",").filter(Boolean) } satisfies Principal;
};

export function testToken(kind: "portal" | "merchant", id: string, scopes?: string[]): string {
  const granted = scopes ?? [`${kind}:returns.read`, `${kind}:returns.write`];
  return `Bearer test|${kind}|${id}|${granted.join(",")}`;
}

/** Everything a store holds about returns, as one comparable string. */
export async function storeContents(store: ReturnsStore): Promise<string> {
  const page = await store.listReturns({ limit: 10_000 });
  const events = await Promise.all(page.data.map((r) => store.listEvents(r.record.id)));
  return JSON.stringify({ returns: page.data, events });
}

/** Compiling the document's schemas is the slow part; most setups serve the same document. */
const validatorsByDocument = new Map<string, ResponseValidator>();

async function fetchResponseValidator(
  mounted: MountedService,
  mountPath: string,
  baseUrl: string,
): Promise<ResponseValidator> {
  const response = await mounted.request(mountPath + OPENAPI_PATH);
  const text = await response.text();
  expect(response.status, `GET ${OPENAPI_PATH}: ${text.slice(0, 300)}`).toBe(200);
  let validator = validatorsByDocument.get(text);
  if (!validator) {
    validator = createResponseValidator(JSON.parse(text), `${baseUrl}${OPENAPI_PATH}`);
    validatorsByDocument.set(text, validator);
  }
  return validator;
}

/** The service's options, and the path the suite mounts it at (`""` for the root). */
export type SuiteServiceOptions = Partial<ReturnsServiceOptions> & { mountPath?: string };

/** A mounted service and its client; `mounted.close()` stops it. */
export type SuiteClient = Awaited<ReturnType<typeof mountSuiteService>>;

/** Serves a service with `options` the way the running suite does (its store, its mount). */
export type ServeService = (options?: SuiteServiceOptions) => Promise<SuiteClient>;

let keyCounter = 0;

export async function mountSuiteService(
  target: HttpSuiteTarget,
  { mountPath = "", ...options }: SuiteServiceOptions = {},
) {
  const store = options.store ?? memoryStore();
  // mountPath is the suite's, not an option of the service (which refuses unknown ones).
  const service = createReturnsService({
    baseUrl: BASE + mountPath,
    auth: { authenticate: testAuthenticate },
    ...options,
    store,
  });
  const m = await target.mount(service, mountPath);
  const matchesDocument = await fetchResponseValidator(m, mountPath, BASE + mountPath);
  const send = async (
    method: string,
    path: string,
    opts: {
      token?: string | null;
      body?: unknown;
      raw?: BodyInit;
      key?: string | null;
      headers?: Record<string, string>;
    } = {},
  ) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token !== null) headers.authorization = opts.token ?? testToken("portal", "user-42");
    if (method !== "GET" && opts.key !== null)
      headers["idempotency-key"] = opts.key ?? `key-${++keyCounter}`;
    let body: BodyInit | undefined = opts.raw;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers["content-type"] ??= "application/json";
    }
    const response = await m.request(mountPath + path, { method, headers, body });
    const text = await response.text();
    const mismatch = matchesDocument({
      method,
      url: new URL(mountPath + path, BASE).href,
      status: response.status,
      headers: response.headers,
      text,
    });
    if (mismatch) throw new Error(`The response does not match the OpenAPI document: ${mismatch}`);
    // biome-ignore lint/suspicious/noExplicitAny: tests assert response bodies field by field
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json, text };
  };
  const portal = (customer = "user-42") => testToken("portal", customer);
  const merchant = testToken("merchant", "backoffice");
  const create = async (body: unknown = validCreate, customer = "user-42") => {
    const res = await send("POST", "/v1/portal/returns", { body, token: portal(customer) });
    expect(res.status, res.text).toBe(201);
    return res.json;
  };
  const event = (id: string, name: string, body?: unknown, token?: string) => {
    const portalEvent = (PORTAL_EVENTS as readonly string[]).includes(name);
    const path = portalEvent
      ? `/v1/portal/returns/${id}/${name}`
      : `/v1/merchant/returns/${id}/${name}`;
    return send("POST", path, { body, token: token ?? (portalEvent ? portal() : merchant) });
  };
  /** Drives a fresh return into `state` along the shortest path. */
  const returnIn = async (state: ReturnState) => {
    const created = await create();
    let current = created;
    for (const step of shortestEventPath(state)) {
      const res = await event(created.id, step);
      expect(res.status, res.text).toBe(200);
      current = res.json;
    }
    expect(current.state).toBe(state);
    return current;
  };
  return { service, store, mounted: m, send, create, event, returnIn, portal, merchant };
}
