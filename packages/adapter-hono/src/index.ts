/**
 * @module @returnkit/adapter-hono — mounts a returnkit service on Hono.
 *
 * The core already speaks the Fetch API, so the adapter only hands Hono's raw Request to
 * it: bodies, headers and streaming stay untouched.
 */
import { ambiguousPathResponse, type ReturnsService } from "@returnkit/core";
import { type Context, type Env, Hono } from "hono";
import type { BlankEnv } from "hono/types";

/**
 * What the app hands a host's `authenticate(request, context)` as `context`: Hono's context,
 * so what a middleware set can be read. Give it the host app's Env
 * (`HonoAuthContext<{ Variables: { user: User } }>`) and `c.get("user")` is typed.
 */
// biome-ignore lint/suspicious/noExplicitAny: Hono's own Context defaults to any Env the same way.
export interface HonoAuthContext<E extends Env = any> {
  c: Context<E>;
}

/**
 * A Hono app serving every returnkit route. Mount it where `baseUrl`'s path says:
 * `app.route("/", returnsApp(service))` for `https://shop.example`, or
 * `app.route("/returns", returnsApp(service))` for `https://shop.example/returns`.
 * The core matches full paths, so the sub-app forwards everything it receives.
 */
export function returnsApp<E extends Env = BlankEnv>(
  service: Pick<ReturnsService, "fetch">,
): Hono<E> {
  const app = new Hono<E>();
  app.all("*", (c) => {
    const target = rawTarget(c.env);
    return (
      (target !== undefined && ambiguousPathResponse(target, c.req.raw.headers)) ||
      service.fetch(c.req.raw, { c } satisfies HonoAuthContext<E>)
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
