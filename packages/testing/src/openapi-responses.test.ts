import { createReturnsService, OPENAPI_PATH } from "@returnkit/core";
import { describe, expect, test } from "vitest";
import { createResponseValidator, type ObservedExchange } from "./openapi-responses";

const BASE = "https://shop.example/returns";
const PORTAL = "Bearer portal";

// A real service, so the responses tampered with below start out as ones the API sends.
async function setup() {
  const service = createReturnsService({
    baseUrl: BASE,
    auth: {
      authenticate: (request) =>
        request.headers.get("authorization") === PORTAL
          ? { kind: "portal", id: "user-42", scopes: ["portal:returns.write"] }
          : null,
    },
  });
  const document = await (await service.fetch(new Request(`${BASE}${OPENAPI_PATH}`))).json();
  const validate = createResponseValidator(document, `${BASE}${OPENAPI_PATH}`);
  const exchange = async (method: string, path: string, body?: unknown) => {
    const response = await service.fetch(
      new Request(`${BASE}${path}`, {
        method,
        headers: {
          authorization: PORTAL,
          "idempotency-key": crypto.randomUUID(),
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const observed: ObservedExchange = {
      method,
      url: `${BASE}${path}`,
      status: response.status,
      headers: response.headers,
      text: await response.text(),
    };
    return observed;
  };
  return { validate, exchange };
}

const createBody = {
  order_id: "ord_1",
  line: { sku: "TEE" },
  reason: "DAMAGED",
  resolution: "REFUND",
};

describe("createResponseValidator", () => {
  test("createResponseValidator - accepts what the API sends: a created return, a problem, a 405, a 404", async () => {
    const { validate, exchange } = await setup();
    const created = await exchange("POST", "/v1/portal/returns", createBody);
    expect(created.status).toBe(201);
    expect(validate(created)).toBeNull();
    const invalid = await exchange("POST", "/v1/portal/returns", { order_id: 5 });
    expect(invalid.status).toBe(400);
    expect(validate(invalid)).toBeNull();
    const wrongMethod = await exchange("DELETE", "/v1/portal/returns");
    expect(wrongMethod.status).toBe(405);
    expect(validate(wrongMethod)).toBeNull();
    const nowhere = await exchange("GET", "/v1/portal/refunds");
    expect(nowhere.status).toBe(404);
    expect(validate(nowhere)).toBeNull();
  });

  test("createResponseValidator - names the field when a body breaks its schema", async () => {
    const { validate, exchange } = await setup();
    const created = await exchange("POST", "/v1/portal/returns", createBody);
    const body = JSON.parse(created.text);
    const broken = { ...created, text: JSON.stringify({ ...body, version: "1", extra: true }) };
    const mismatch = validate(broken);
    expect(mismatch).toContain("POST /returns/v1/portal/returns → 201 (createReturn)");
    expect(mismatch).toContain("/version must be integer");
    expect(mismatch).toContain("must NOT have additional properties");
  });

  test("createResponseValidator - refuses a status the operation does not document", async () => {
    const { validate, exchange } = await setup();
    const created = await exchange("POST", "/v1/portal/returns", createBody);
    expect(validate({ ...created, status: 418 })).toMatch(/documents no 418 response/);
  });

  test("createResponseValidator - refuses an undocumented media type", async () => {
    const { validate, exchange } = await setup();
    const created = await exchange("POST", "/v1/portal/returns", createBody);
    const headers = new Headers(created.headers);
    headers.set("content-type", "text/html");
    expect(validate({ ...created, headers })).toMatch(/Content-Type text\/html is not documented/);
  });

  test("createResponseValidator - a success from a path the document lacks means a missing operation", async () => {
    const { validate, exchange } = await setup();
    const created = await exchange("POST", "/v1/portal/returns", createBody);
    const elsewhere = { ...created, url: `${BASE}/v1/portal/exchanges` };
    expect(validate(elsewhere)).toMatch(/no operation in the document answers this request/);
  });

  test("createResponseValidator - a 405 must name the methods the path item documents", async () => {
    const { validate, exchange } = await setup();
    const wrongMethod = await exchange("DELETE", "/v1/portal/returns");
    expect(wrongMethod.headers.get("allow")).toBe("POST, GET, HEAD");
    const headers = new Headers(wrongMethod.headers);
    headers.set("allow", "POST");
    expect(validate({ ...wrongMethod, headers })).toMatch(
      /Allow says POST, the document's path item GET, POST, HEAD/,
    );
  });
});
