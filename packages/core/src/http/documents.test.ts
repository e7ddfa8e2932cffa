import { createResponseValidator } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import { createReturnsService } from "../service";
import { OPENAPI_PATH } from "./routes";

const BASE_URL = "https://shop.test/returns";
const METADATA_URL = "https://shop.test/.well-known/oauth-protected-resource/returns";

function service() {
  return createReturnsService({
    baseUrl: BASE_URL,
    auth: { issuer: "https://auth.shop.test", jwksUri: "https://auth.shop.test/jwks" },
  });
}

describe("documents", () => {
  it("metadata - served at the host's root with an ETag, revalidated with 304, as the OpenAPI document describes", async () => {
    const { fetch } = service();
    const document = await (await fetch(new Request(`${BASE_URL}${OPENAPI_PATH}`))).json();
    const matchesDocument = createResponseValidator(document, `${BASE_URL}${OPENAPI_PATH}`);
    const exchange = async (method: string, headers: Record<string, string> = {}) => {
      const response = await fetch(new Request(METADATA_URL, { method, headers }));
      const observed = {
        method,
        url: METADATA_URL,
        status: response.status,
        headers: response.headers,
        text: await response.text(),
      };
      expect(matchesDocument(observed)).toBeNull();
      return observed;
    };

    const served = await exchange("GET");
    expect(served.status).toBe(200);
    expect(JSON.parse(served.text)).toMatchObject({ resource: BASE_URL });
    const etag = served.headers.get("etag")!;
    expect((await exchange("HEAD", { "if-none-match": etag })).status).toBe(304);
    expect((await exchange("GET", { "if-match": '"stale"' })).status).toBe(412);
    expect((await exchange("POST")).status).toBe(405);
  });
});
