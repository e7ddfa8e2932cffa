/**
 * @module test-support/picture-server — a shop's picture host on this machine (another port,
 * so another origin): serves a small SVG at any `*.svg` path, counts what it was asked for,
 * and can hold its answers until released, to see the page before a picture arrives.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Locator } from "playwright-core";

export interface PictureServer {
  /** `http://127.0.0.1:<port>`: the origin the pictures come from. */
  origin: string;
  /** The paths asked for, in order. */
  requested: string[];
  /** Holds every answer from now until the returned function is called. */
  hold(): () => void;
  close(): Promise<void>;
}

const picture = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
  `<rect width="64" height="64" fill="${fill}"/></svg>`;

export async function startPictureServer(fill = "#264653"): Promise<PictureServer> {
  const requested: string[] = [];
  let held: ServerResponse[] | null = null;
  const answer = (res: ServerResponse) =>
    res.writeHead(200, { "content-type": "image/svg+xml" }).end(picture(fill));
  const server = createServer((req, res) => {
    requested.push(req.url ?? "");
    if (!req.url?.endsWith(".svg")) return void res.writeHead(404).end();
    if (held) held.push(res);
    else answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requested,
    hold() {
      held = [];
      return () => {
        const waiting = held ?? [];
        held = null;
        for (const res of waiting) answer(res);
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Waits until the picture finished (loaded or refused), then says whether it was drawn. */
export async function drawn(picture: Locator): Promise<boolean> {
  await picture.waitFor({ timeout: 30_000 });
  await picture.evaluate(
    (img: HTMLImageElement) =>
      img.complete ||
      new Promise((resolve) => {
        img.addEventListener("load", resolve, { once: true });
        img.addEventListener("error", resolve, { once: true });
      }),
  );
  return picture.evaluate((img: HTMLImageElement) => img.naturalWidth > 0);
}
