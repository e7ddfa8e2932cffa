import type { ExpressAuthContext } from "@returnkit/adapter-express";
import { createReturnsService, isProblemError, type Principal } from "@returnkit/core";
import { describe, expect, expectTypeOf, test } from "vitest";
import { CSRF_COOKIE, CSRF_HEADER, readCookie, withCsrfProtection } from "./csrf";
import { mountReturnsUi } from "./mount";

const principal: Principal = { kind: "portal", id: "alice", scopes: ["portal:returns.write"] };
const apiClient: Principal = { kind: "merchant", id: "erp", scopes: ["merchant:returns.write"] };
const authenticate = withCsrfProtection(() => principal);
const token = "a".repeat(32);
const request = (method: string, headers: Record<string, string>) =>
  new Request("https://shop.example/v1/portal/returns", { method, headers });

/** A shop's usual authenticator: its session cookie, else an API key in a bearer token. */
function sessionOrApiKey(seen: Request[] = []) {
  return withCsrfProtection((request: Request) => {
    seen.push(request);
    if (request.headers.get("authorization") === "Bearer erp-key") return apiClient;
    return /(?:^|;\s*)session=1(?:;|$)/.test(request.headers.get("cookie") ?? "")
      ? principal
      : null;
  });
}

/** What `authenticate` threw, or null when it answered. */
async function refusal(answer: () => unknown): Promise<unknown> {
  try {
    await answer();
    return null;
  } catch (error) {
    return error;
  }
}

describe("withCsrfProtection", () => {
  test("withCsrfProtection - a cookie-signed write needs the cookie's token in the header", async () => {
    const cookie = `session=1; ${CSRF_COOKIE}=${token}`;
    const authenticate = sessionOrApiKey();
    expect(await refusal(() => authenticate(request("POST", { cookie })))).toMatchObject({
      status: 403,
      slug: "csrf-token-invalid",
    });
    expect(
      await refusal(() => authenticate(request("POST", { cookie, [CSRF_HEADER]: "b".repeat(32) }))),
    ).toMatchObject({ status: 403 });
    expect(await authenticate(request("POST", { cookie, [CSRF_HEADER]: token }))).toEqual(
      principal,
    );
  });

  test("withCsrfProtection - reads, and requests signed by a bearer token, pass as they are", async () => {
    expect(await authenticate(request("GET", { cookie: "session=1" }))).toEqual(principal);
    expect(await sessionOrApiKey()(request("POST", { authorization: "Bearer erp-key" }))).toEqual(
      apiClient,
    );
  });

  test("withCsrfProtection - an Authorization header the authenticator does not take leaves a cookie-signed write refused", async () => {
    const seen: Request[] = [];
    const authenticate = sessionOrApiKey(seen);
    const cookie = `session=1; ${CSRF_COOKIE}=${token}`;
    // A browser behind the shop's HTTP Basic sends its credentials with every request.
    const answer = await refusal(() =>
      authenticate(request("POST", { cookie, authorization: "Basic c2hvcDpzdGFnaW5n" })),
    );
    expect(answer).toMatchObject({ status: 403, slug: "csrf-token-invalid" });
    // And a write the header does sign is authenticated with no cookie to read.
    expect(
      await authenticate(request("POST", { cookie, authorization: "Bearer erp-key" })),
    ).toEqual(apiClient);
    expect(seen.at(-1)?.headers.get("cookie")).toBeNull();
    expect(seen.at(-1)?.headers.get("authorization")).toBe("Bearer erp-key");
  });

  test("withCsrfProtection - a session the adapter's context carries is cookie-signed too, whatever Authorization says", async () => {
    // A session middleware read the cookie before the service saw the request.
    const signedIn = { req: { user: "alice" } } as unknown as ExpressAuthContext;
    const authenticate = withCsrfProtection(async (request, { req }: ExpressAuthContext) => {
      if (request.headers.get("authorization") === "Bearer erp-key") return apiClient;
      const user = (req as typeof req & { user?: string }).user;
      return user ? { ...principal, id: user } : null;
    });
    const cookie = "sid=alice";
    const write = request("POST", { cookie, authorization: "Basic c2hvcDpzdGFnaW5n" });
    expect(await refusal(() => authenticate(write, signedIn))).toMatchObject({ status: 403 });
    const bearer = request("POST", { cookie, authorization: "Bearer erp-key" });
    expect(await refusal(() => authenticate(bearer, signedIn))).toMatchObject({ status: 403 });
    // Without the session, the bearer token alone signs it.
    const anonymous = { req: {} } as unknown as ExpressAuthContext;
    expect(await authenticate(bearer, anonymous)).toEqual(apiClient);
  });

  test("withCsrfProtection - the refusal says the CSRF token is missing and which header carries it", async () => {
    const answer = await refusal(() =>
      sessionOrApiKey()(request("POST", { cookie: `session=1; ${CSRF_COOKIE}=${token}` })),
    );
    expect(isProblemError(answer)).toBe(true);
    const body = (answer as { toJSON(): Record<string, unknown> }).toJSON();
    expect(body).toMatchObject({
      type: "urn:returnkit:problem:csrf-token-invalid",
      status: 403,
      csrf_header: CSRF_HEADER,
    });
    expect(body.detail).toMatch(/CSRF token/);
    expect(body.detail).toContain(CSRF_HEADER);
    expect(body.detail).not.toMatch(/no credentials/);
  });

  test("withCsrfProtection - a write nobody signed is still not signed in, not a CSRF refusal", async () => {
    expect(await sessionOrApiKey()(request("POST", { cookie: "analytics=1" }))).toBeNull();
    expect(await sessionOrApiKey()(request("POST", {}))).toBeNull();
  });

  test("withCsrfProtection - takes an authenticator typed with the adapter's context, and keeps its type", async () => {
    const typed = withCsrfProtection(async (_request, { req }: ExpressAuthContext) =>
      req.get("x-user") ? principal : null,
    );
    expectTypeOf(typed).parameter(1).toEqualTypeOf<ExpressAuthContext>();
    const context = { req: { get: () => "alice" } } as unknown as ExpressAuthContext;
    expect(await typed(request("GET", {}), context)).toEqual(principal);
    // One taking no context stays callable with the request alone.
    expectTypeOf(authenticate).toBeCallableWith(request("GET", {}));
  });
});

describe("withCsrfProtection, through the mounted pages and the API", () => {
  /** A shop signing customers in by its `sid` cookie, writes taken without an Idempotency-Key. */
  async function shopWithPage() {
    const service = createReturnsService({
      baseUrl: "https://shop.example",
      idempotency: { required: false },
      auth: {
        authenticate: withCsrfProtection((request: Request) =>
          readCookie(request, "sid") === "alice" ? principal : null,
        ),
      },
    });
    mountReturnsUi(service, "/returns");
    const page = await service.fetch(
      new Request("https://shop.example/returns", { headers: { cookie: "sid=alice" } }),
    );
    const csrf = /returnkit_csrf=([\w-]+)/.exec(page.headers.get("set-cookie") ?? "")?.[1] ?? "";
    const cookie = `sid=alice; ${CSRF_COOKIE}=${csrf}`;
    const send = (path: string, headers: Record<string, string>, body: unknown = {}) =>
      service.fetch(
        new Request(`https://shop.example${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie, ...headers },
          body: JSON.stringify(body),
        }),
      );
    return { service, csrf, cookie, send };
  }

  test("withCsrfProtection - a same-site write with the session cookie and HTTP Basic, without the token, changes nothing", async () => {
    const { service, csrf, cookie, send } = await shopWithPage();
    const created = await send(
      "/v1/portal/returns",
      { [CSRF_HEADER]: csrf },
      { order_id: "ord_1", line: { sku: "TEE" }, reason: "TOO_SMALL", resolution: "REFUND" },
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const forged = await send(`/v1/portal/returns/${id}/cancel`, {
      authorization: "Basic c2hvcDpzdGFnaW5n",
    });
    expect(forged.status).toBe(403);
    expect(forged.headers.get("content-type")).toBe("application/problem+json");
    const problem = (await forged.json()) as { type: string; detail: string };
    expect(problem.type).toBe("urn:returnkit:problem:csrf-token-invalid");
    expect(problem.detail).toContain(CSRF_HEADER);

    const read = await service.fetch(
      new Request(`https://shop.example/v1/portal/returns/${id}`, { headers: { cookie } }),
    );
    expect(((await read.json()) as { state: string }).state).toBe("draft");
    await service.close();
  });

  test("withCsrfProtection - a write without the token answers 403 saying so; with it, the write is made", async () => {
    const { service, csrf, send } = await shopWithPage();
    const body = {
      order_id: "ord_1",
      line: { sku: "TEE" },
      reason: "DAMAGED",
      resolution: "REFUND",
    };
    const missing = await send("/v1/portal/returns", {}, body);
    expect(missing.status).toBe(403);
    expect(await missing.text()).toMatch(/CSRF token/);
    expect((await send("/v1/portal/returns", { [CSRF_HEADER]: csrf }, body)).status).toBe(201);
    await service.close();
  });
});
