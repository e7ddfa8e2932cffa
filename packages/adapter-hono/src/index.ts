/**
 * @module @returnkit/adapter-hono — mounts a returnkit service on Hono.
 *
 * The core already speaks the Fetch API, so the adapter only hands Hono's raw Request to
 * it: bodies, headers and streaming stay untouched.
 */
import { ambiguousPathResponse, type ReturnsService } from "@returnkit/core";
import { type Context, Hono } from "hono";

/**
 * What the app hands a host's `authenticate(request, context)` as `context`: Hono's context,
 * so what a middleware set (`c.get("user")`) can be read.
 */
export interface HonoAuthContext {
  c: Context;
}

export interface ReturnsAppOptions {
  /** Also serve RFC 9728 metadata for this mount at the host root. Default true. */
  metadata?: boolean;
}

/**
 * A Hono app serving every returnkit route. Mount it where `baseUrl`'s path says:
 * `app.route("/", returnsApp(service))` for `https://shop.example`, or
 * `app.route("/returns", returnsApp(service))` for `https://shop.example/returns`.
 * The core matches full paths, so the sub-app forwards everything it receives.
 */
export function returnsApp(service: Pick<ReturnsService, "fetch">): Hono {
  const app = new Hono();
  app.all("*", (c) => {
    const target = rawTarget(c.env);
    return (
      (target !== undefined && ambiguousPathResponse(target, c.req.raw.headers)) ||
      service.fetch(c.req.raw, { c } satisfies HonoAuthContext)
    );
  });
  return app;
}

/**
 * The request target as the client sent it, where the server still has it:
 * `@hono/node-server` passes node's request as `env.incoming`. Elsewhere (`app.request`,
 * Bun, Deno, Workers) the URL was parsed before any router ran, so Hono and the core route on
 * the same path and there is nothing to compare.
 */
function rawTarget(env: unknown): string | undefined {
  const url = (env as { incoming?: { url?: unknown } } | undefined)?.incoming?.url;
  return typeof url === "string" ? url : undefined;
}
