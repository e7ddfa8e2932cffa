/**
 * @module testing/http-cases/mount — what a mount can get wrong about paths, methods and
 * headers: a base path and its links, HEAD, 405 with Allow, If-Match, and encoded slashes
 * that must name no route.
 */
import { describe, expect, it } from "vitest";
import { validCreate } from "../fixtures";
import { BASE, type ServeService, storeContents } from "../http-client";

/** A base path, methods, conditional headers and encoded paths, as the mount passes them. */
export function describeMountPaths(serve: ServeService): void {
  describe("mount", () => {
    it("mount - served under a path prefix with prefixed links", async () => {
      const { send } = await serve({ mountPath: "/returns" });
      const res = await send("POST", "/v1/portal/returns", { body: validCreate });
      expect(res.status).toBe(201);
      expect(res.headers.get("location")).toBe(`${BASE}/returns/v1/portal/returns/${res.json.id}`);
    });

    it("If-Match - a stale version is 412 and changes nothing", async () => {
      const { send, create, store } = await serve();
      const r = await create();
      const before = await storeContents(store);
      const stale = await send("POST", `/v1/portal/returns/${r.id}/submit`, {
        headers: { "if-match": '"7"' },
      });
      expect(stale.status).toBe(412);
      expect(stale.json.current_version).toBe(1);
      expect(await storeContents(store)).toBe(before);
      const fresh = await send("POST", `/v1/portal/returns/${r.id}/submit`, {
        headers: { "if-match": '"1"' },
      });
      expect(fresh.status).toBe(200);
    });

    it("HEAD - GET routes answer HEAD with headers and no body; documents refuse writes with 405", async () => {
      const { send, create } = await serve();
      const r = await create();
      const head = await send("HEAD", `/v1/portal/returns/${r.id}`, {});
      expect(head.status).toBe(200);
      expect(head.headers.get("etag")).toBe('"1"');
      expect(head.text).toBe("");
      const docHead = await send("HEAD", "/v1/openapi.json", { token: null });
      expect(docHead.status).toBe(200);
      expect(docHead.text).toBe("");
      const post = await send("POST", "/v1/openapi.json", { token: null, body: {} });
      expect(post.status).toBe(405);
      expect(post.headers.get("allow")).toBe("GET, HEAD");
      const wrong = await send("PUT", `/v1/portal/returns/${r.id}`, { body: {} });
      expect(wrong.status).toBe(405);
      expect(wrong.headers.get("allow")).toBe("GET, HEAD, PATCH");
    });

    it("transitions - an event path answers other methods than POST with 405, known event or not", async () => {
      const { send, create, merchant } = await serve();
      const r = await create();
      for (const event of ["approve", "refund"]) {
        const res = await send("GET", `/v1/merchant/returns/${r.id}/${event}`, { token: merchant });
        expect(res.status, event).toBe(405);
        expect(res.headers.get("allow")).toBe("POST");
      }
    });

    it("paths - an id or event holding an encoded slash or backslash names no route", async () => {
      const { send, create, merchant } = await serve();
      const r = await create();
      for (const [method, path] of [
        ["GET", `/v1/portal/returns/${r.id}%2Fsubmit`],
        ["GET", `/v1/portal/returns/x%2F..%2F${r.id}`],
        ["GET", `/v1/portal/returns/${r.id}%5Csubmit`],
        ["POST", `/v1/merchant/returns/${r.id}/approve%2F..`],
      ] as const) {
        const res = await send(method, path, {
          token: merchant,
          ...(method === "POST" ? { body: {} } : {}),
        });
        expect(res.status, `${method} ${path}: ${res.text}`).toBe(404);
        expect(res.json.type, path).toBe("urn:returnkit:problem:route-not-found");
      }
    });
  });
}
