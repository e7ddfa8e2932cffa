/**
 * @module server/mount — the one line beside the routes. `service.mount` matches exact paths,
 * so each page and each asset is mounted by name; the handler alone serves any prefix routing
 * (Hono's `app.all("/returns/*")`, Express's `app.use("/returns")`).
 */
import type { ReturnsService } from "@returnkit/core";
import { createReturnsUi, type ReturnsUi, type ReturnsUiOptions } from "./handler";

export type MountOptions = Omit<ReturnsUiOptions, "apiUrl" | "path"> & { apiUrl?: string };

/**
 * Serves the pages at `{service.baseUrl}{path}` through `service.fetch` (so through the Hono
 * and Express adapters as well): `mountReturnsUi(returns, "/returns")`.
 */
export function mountReturnsUi(
  service: Pick<ReturnsService, "mount" | "baseUrl">,
  path: `/${string}`,
  options: MountOptions = {},
): ReturnsUi {
  const basePath = new URL(service.baseUrl).pathname.replace(/\/+$/, "");
  const ui = createReturnsUi({
    ...options,
    apiUrl: options.apiUrl ?? service.baseUrl,
    path: `${basePath}${path}` as `/${string}`,
  });
  for (const full of ui.paths) {
    service.mount(full.slice(basePath.length) as `/${string}`, ui.fetch);
  }
  return ui;
}
