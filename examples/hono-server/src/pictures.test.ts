import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { demoOrders } from "./demo-orders";
import { PICTURES_PATH } from "./pictures";
import { type ReturnsServer, startReturnsServer } from "./server";
import { freePort } from "./test-support/processes";

const PICTURES = fileURLToPath(new URL("../../demo/pictures", import.meta.url));
const alice = { kind: "portal" as const, id: "alice", scopes: ["portal:returns.read"] };

describe("the example shop's pictures, served by its own server", () => {
  let server: ReturnsServer;
  beforeAll(async () => {
    server = await startReturnsServer({
      port: await freePort(),
      dataDir: "memory://",
      orders: (baseUrl) => demoOrders(Date.now, `${baseUrl}${PICTURES_PATH}`),
      picturesDir: PICTURES,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  test("startReturnsServer - the order lines name pictures on the server's own origin, and it serves them", async () => {
    const view = await server.service.returnableLines("ord_1001", { principal: alice });
    const urls = view.lines.map((line) => line.product.image_url);
    expect(urls[0]).toBe(`${server.baseUrl}/pictures/tee-black.svg`);
    expect(view.lines.map((line) => line.product.title)).toEqual([
      "Organic cotton tee",
      "Slim jeans",
      "Wrap dress",
      "Socks, pack of three",
    ]);
    for (const url of urls) {
      const picture = await fetch(url ?? "");
      expect(picture.status, url ?? "").toBe(200);
      expect(picture.headers.get("content-type")).toBe("image/svg+xml");
      expect(await picture.text()).toMatch(/^<svg /);
    }
  });

  test("startReturnsServer - the pages' CSP names the server's origin for images; no other file is served", async () => {
    const page = await fetch(server.pages.customer);
    expect(page.headers.get("content-security-policy")).toContain(
      `img-src 'self' ${server.baseUrl} data:`,
    );
    for (const path of [
      "/pictures/..%2Fpackage.json",
      "/pictures/missing.svg",
      "/pictures/x.png",
    ]) {
      expect((await fetch(`${server.baseUrl}${path}`)).status, path).toBe(404);
    }
  });
});
