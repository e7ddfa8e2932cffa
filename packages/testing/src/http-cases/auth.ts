/**
 * @module testing/http-cases/auth — who is calling, as a mount passes it on: the host's
 * authenticate, its challenge on a 401, scopes on a 403, and the scheme the OpenAPI document
 * declares. A mount that drops a header or rewrites a status fails here.
 */
import { OPENAPI_PATH } from "@returnkit/core";
import { describe, expect, it } from "vitest";
import { validCreate } from "../fixtures";
import { type ServeService, storeContents, testAuthenticate, testToken } from "../http-client";

/** 401 and 403 answers, their headers, and the security scheme the document declares. */
export function describeAuthOverHttp(serve: ServeService): void {
  describe("auth", () => {
    it("auth - with the host's own authenticate, no credentials is a plain 401 problem: no OAuth challenge, no metadata document", async () => {
      const { send, create } = await serve();
      const none = await send("GET", "/v1/merchant/returns", { token: null });
      expect(none.status).toBe(401);
      expect(none.json.type).toBe("urn:returnkit:problem:unauthenticated");
      expect(none.json.detail).not.toMatch(/OAuth|bearer/i);
      expect(none.headers.get("www-authenticate")).toBeNull();
      const metadata = await send("GET", "/.well-known/oauth-protected-resource", { token: null });
      expect(metadata.status).toBe(404);
      const r = await create();
      const portalOnMerchant = await send("POST", `/v1/merchant/returns/${r.id}/approve`, {});
      expect(portalOnMerchant.status).toBe(403);
      expect(portalOnMerchant.json.required_scopes).toEqual(["merchant:returns.write"]);
      expect(portalOnMerchant.headers.get("www-authenticate")).toBeNull();
      const readOnly = await send("POST", "/v1/portal/returns", {
        body: validCreate,
        token: testToken("portal", "user-42", ["portal:returns.read"]),
      });
      expect(readOnly.status).toBe(403);
      const view = await send("GET", `/v1/portal/returns/${r.id}`, {
        token: testToken("portal", "user-42", ["portal:returns.read"]),
      });
      expect(view.status).toBe(200);
      expect(view.json._templates).toEqual({});
    });

    it("auth - a .write scope also grants its caller's reads; .read grants no write, and neither the webhook scope", async () => {
      const { send, create } = await serve();
      const r = await create();
      const customerWriter = testToken("portal", "user-42", ["portal:returns.write"]);
      const staffWriter = testToken("merchant", "backoffice", ["merchant:returns.write"]);
      for (const [path, token] of [
        ["/v1/portal/returns", customerWriter],
        [`/v1/portal/returns/${r.id}`, customerWriter],
        ["/v1/merchant/returns", staffWriter],
        [`/v1/merchant/returns/${r.id}`, staffWriter],
      ] as const) {
        const read = await send("GET", path, { token });
        expect(read.status, `${path}: ${read.text}`).toBe(200);
      }
      const staffReader = testToken("merchant", "backoffice", ["merchant:returns.read"]);
      const approve = await send("POST", `/v1/merchant/returns/${r.id}/approve`, {
        token: staffReader,
      });
      expect(approve.status).toBe(403);
      expect(approve.json.required_scopes).toEqual(["merchant:returns.write"]);
      const endpoints = await send("GET", "/v1/webhooks/endpoints", { token: staffWriter });
      expect(endpoints.status).toBe(403);
      expect(endpoints.json.required_scopes).toEqual(["merchant:webhooks.manage"]);
    });

    it("auth - a host's challenge is what its 401 carries, and the OpenAPI document declares the host's scheme, not OAuth", async () => {
      const securityScheme = { type: "apiKey", in: "cookie", name: "shop_session" };
      const { send, mounted } = await serve({
        auth: { authenticate: testAuthenticate, securityScheme, challenge: 'Cookie realm="shop"' },
      });
      const none = await send("POST", "/v1/portal/returns", { token: null, body: validCreate });
      expect(none.status).toBe(401);
      expect(none.headers.get("www-authenticate")).toBe('Cookie realm="shop"');
      const document = await (await mounted.request(OPENAPI_PATH)).json();
      expect(document.components.securitySchemes).toEqual({ hostAuth: securityScheme });
      const create = document.paths["/v1/portal/returns"].post;
      expect(create.security).toEqual([{ hostAuth: ["portal:returns.write"] }]);
    });

    it("auth - a host principal whose id is not well-formed Unicode is 401 invalid-token", async () => {
      const { send, store } = await serve({
        auth: {
          authenticate: () => ({ kind: "portal", id: "\ud800", scopes: ["portal:returns.write"] }),
        },
      });
      const before = await storeContents(store);
      for (const [method, path] of [
        ["POST", "/v1/portal/returns"],
        ["GET", "/v1/portal/returns"],
      ] as const) {
        const res = await send(method, path, method === "POST" ? { body: validCreate } : {});
        expect(res.status, res.text).toBe(401);
        expect(res.json.type).toBe("urn:returnkit:problem:invalid-token");
      }
      expect(await storeContents(store)).toBe(before);
    });
  });
}
