/**
 * @module testing/http-cases/documents — what answers without credentials (health, liveness,
 * the OpenAPI document), with its media type, caching headers and conditional requests.
 */
import { describe, expect, it } from "vitest";
import type { ServeService } from "../http-client";

/** Health, liveness and the OpenAPI document: media types, caching, ETags. */
export function describeDocumentsOverHttp(serve: ServeService): void {
  describe("documents", () => {
    it("health - answers without credentials, as application/health+json, never cached", async () => {
      const { send } = await serve();
      const res = await send("GET", "/v1/health", { token: null });
      // The suite's services run no dispatcher: a warning, still 200 for a load balancer.
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/health+json");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(["pass", "warn"]).toContain(res.json.status);
      expect(Object.keys(res.json.checks).sort()).toEqual([
        "dispatcher:running",
        "outbox:lag",
        "store:migrations",
        "store:reachable",
      ]);
      expect(res.json.checks["store:reachable"][0].status).toBe("pass");
      const head = await send("HEAD", "/v1/health", { token: null });
      expect(head.status).toBe(200);
      expect(head.text).toBe("");
      const post = await send("POST", "/v1/health", { token: null, body: {} });
      expect(post.status).toBe(405);
    });

    it("liveness - answers pass without credentials, as application/health+json, never cached", async () => {
      const { send } = await serve();
      const res = await send("GET", "/v1/health/live", { token: null });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/health+json");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.json.status).toBe("pass");
      expect((await send("HEAD", "/v1/health/live", { token: null })).status).toBe(200);
    });

    it("documents - the OpenAPI document has a strong ETag; If-None-Match gets 304, a stale If-Match 412", async () => {
      const { send } = await serve();
      const served = await send("GET", "/v1/openapi.json", { token: null });
      const etag = served.headers.get("etag");
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      const cached = await send("GET", "/v1/openapi.json", {
        token: null,
        headers: { "if-none-match": `W/${etag}` },
      });
      expect(cached.status).toBe(304);
      expect(cached.text).toBe("");
      expect(cached.headers.get("etag")).toBe(etag);
      const current = await send("HEAD", "/v1/openapi.json", {
        token: null,
        headers: { "if-match": `"other", ${etag}` },
      });
      expect(current.status).toBe(200);
      const stale = await send("GET", "/v1/openapi.json", {
        token: null,
        headers: { "if-match": '"0123"' },
      });
      expect(stale.status).toBe(412);
      expect(stale.json).toMatchObject({
        type: "urn:returnkit:problem:document-changed",
        current_etag: etag,
      });
    });
  });
}
