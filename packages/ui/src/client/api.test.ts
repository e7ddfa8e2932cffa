import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { returnsApp } from "@returnkit/adapter-hono";
import { createReturnsService, type ReturnsService } from "@returnkit/core";
import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import type { ClientConfig } from "../server/config";
import { ApiProblem, createApi, ROUTE_NOT_FOUND } from "./api";
import { apiPaths } from "./api-paths";

const STAFF = "staff-token";

/** The client as the staff page makes it, for the API at `api`. */
function staffApi(api: string) {
  const config: ClientConfig = {
    page: "staff",
    api,
    base: "/returns",
    signIn: { mode: "session" },
    csrf: null,
    brand: { name: "Acme", logoUrl: null },
    locale: "en-GB",
  };
  return createApi(config, { token: () => STAFF, csrf: async () => null });
}

/** What `promise` was refused with. */
async function refusal(promise: Promise<unknown>): Promise<ApiProblem> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiProblem);
  return error as ApiProblem;
}

describe("the pages' API client against a real service", () => {
  let service: ReturnsService;
  let server: ServerType;
  let origin = "";

  beforeAll(async () => {
    service = createReturnsService({
      baseUrl: "https://shop.example/returns",
      auth: {
        authenticate: (request) =>
          request.headers.get("authorization") === `Bearer ${STAFF}`
            ? { kind: "merchant", id: "backoffice", scopes: ["merchant:returns.write"] }
            : null,
      },
    });
    // The shop's own app, the returns API mounted at /returns beside nothing else.
    const app = new Hono();
    app.route("/returns", returnsApp(service));
    server = await new Promise<ServerType>((resolve) => {
      const started = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () =>
        resolve(started),
      );
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await service.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test("get - a path the API does not serve is a missing route, said on the console, never not-found", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});

    const problem = await refusal(staffApi(`${origin}/returns`).get("/v1/merchant/refunds"));

    expect(problem.status).toBe(404);
    expect(problem.slug).toBe(ROUTE_NOT_FOUND);
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("GET"));
    expect(logged.mock.calls.join(" ")).toContain("/v1/merchant/refunds");
  });

  test("get - an unknown return is not-found, a resource not there, and nothing is logged", async () => {
    const logged = vi.spyOn(console, "error");

    const problem = await refusal(
      staffApi(`${origin}/returns`).get(apiPaths.merchantReturn("ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C")),
    );

    expect(problem.status).toBe(404);
    expect(problem.slug).toBe("not-found");
    expect(logged).not.toHaveBeenCalled();
  });

  test("get - a 404 from the host where the API is not mounted is a missing route, not a missing resource", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});

    // The page told the API is at /shop: the host answers its own plain 404.
    const problem = await refusal(staffApi(`${origin}/shop`).get(apiPaths.merchantReturns()));

    expect(problem.status).toBe(404);
    expect(problem.slug).toBe(ROUTE_NOT_FOUND);
    expect(logged).toHaveBeenCalledOnce();
  });

  test("send - a method the API does not serve on a path is a missing route", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});

    const problem = await refusal(staffApi(`${origin}/returns`).send(apiPaths.reasons(), {}));

    expect(problem.status).toBe(405);
    expect(problem.slug).toBe(ROUTE_NOT_FOUND);
    expect(logged).toHaveBeenCalledOnce();
  });
});
