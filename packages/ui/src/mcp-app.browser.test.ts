/**
 * The customer's return form as an MCP Apps view, in Chromium: a host built on ext-apps' own
 * AppBridge and the MCP SDK's client, talking to the real `createMcpHandler` over HTTP, renders
 * the view of `returnable_lines` in a sandboxed iframe under the CSP the resource asks for; the
 * customer returns three lines through the server's tools; `get_return_request` shows them; axe
 * finds nothing in the view; and another customer's host shows none of it.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import {
  createReturnsService,
  inMemoryOrders,
  memoryStore,
  type OrderInput,
  type Principal,
} from "@returnkit/core";
import { createMcpHandler } from "@returnkit/mcp";
import { build } from "esbuild";
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { customerReturnsApp } from "./mcp-app";
import { browserSkipReason, launchChromium, openPage } from "./test-support/browser";
import { chooseReason } from "./test-support/choose-reason";
import type { HostRun, HostSeen } from "./test-support/mcp-host";
import { drawn, type PictureServer, startPictureServer } from "./test-support/picture-server";

const SETTLED = { timeout: 30_000 };
const PIA_ORDER = "ord_5101";
const BOB_ORDER = "ord_5201";
const PIA_PRODUCTS = ["Organic cotton tee", "Slim jeans", "Wool jumper"];

function order(
  id: string,
  customer: string,
  pictures: string,
  lines: [string, string, number][],
): OrderInput {
  const days = (n: number) => new Date(Date.now() - n * 86_400_000);
  return {
    id,
    number: `#${id.slice(4)}`,
    customer_id: customer,
    placed_at: days(6),
    delivered_at: days(3),
    currency: "EUR",
    lines: lines.map(([sku, title, price]) => ({
      sku,
      size: "M",
      quantity: 1,
      unit_price: price,
      title,
      variant_title: "Black / M",
      image_url: `${pictures}/${sku}.svg`,
    })),
  };
}

/** The host's sign-in: `Bearer customer:<id>` is that customer (the test's stand-in for OAuth). */
function authenticate(request: Request): Principal | null {
  const id = /^Bearer customer:(\w+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
  return id ? { kind: "portal", id, scopes: ["portal:returns.write"] } : null;
}

async function hostScript(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL("./test-support/mcp-host.ts", import.meta.url))],
    bundle: true,
    format: "esm",
    target: "es2022",
    write: false,
  });
  return result.outputFiles[0]!.text;
}

/** axe-core run inside the view's frame (cross-origin to the host, so run there itself). */
async function frameViolations(frame: Frame): Promise<string[]> {
  const axePackage = createRequire(import.meta.url).resolve("@axe-core/playwright");
  const source = readFileSync(createRequire(axePackage).resolve("axe-core/axe.min.js"), "utf8");
  await frame.evaluate(source);
  const violations = await frame.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  });
  return violations.map(
    (v) => `${v.id}: ${v.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

const skip = browserSkipReason();

describe.skipIf(skip !== null)(
  `customer MCP Apps view in Chromium${skip ? ` (skipped: ${skip})` : ""}`,
  () => {
    let server: Server;
    let url: string;
    let pictures: PictureServer;
    let browser: Browser;

    beforeAll(async () => {
      [pictures, browser] = await Promise.all([startPictureServer(), launchChromium()]);
      const script = await hostScript();
      let handle: ((request: Request) => Promise<Response>) | undefined;
      server = serve({
        fetch: (request) => (handle ? handle(request) : new Response("starting", { status: 503 })),
        port: 0,
        hostname: "127.0.0.1",
        createServer,
      }) as Server;
      await new Promise<void>((resolve) => {
        if (server.listening) resolve();
        else server.once("listening", resolve);
      });
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const service = createReturnsService({
        store: memoryStore(),
        baseUrl: url,
        auth: { authenticate },
        orders: {
          returnWindowDays: 30,
          source: inMemoryOrders([
            order(PIA_ORDER, "pia", pictures.origin, [
              ["TEE-ORG-BLK", PIA_PRODUCTS[0]!, 2900],
              ["JEANS-IND", PIA_PRODUCTS[1]!, 7900],
              ["JUMPER-OAT", PIA_PRODUCTS[2]!, 5900],
            ]),
            order(BOB_ORDER, "bob", pictures.origin, [["CAP-RED", "Baseball cap", 1900]]),
          ]),
        },
      });
      const mcp = createMcpHandler(service, {
        app: customerReturnsApp({ imageOrigins: [pictures.origin] }),
      });
      const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test host</title></head><body><p>Loading</p><script type="module" src="/host.js"></script></body></html>`;
      handle = async (request) => {
        const { pathname } = new URL(request.url);
        if (pathname === "/mcp") return mcp(request);
        if (pathname === "/host.js") {
          return new Response(script, { headers: { "content-type": "text/javascript" } });
        }
        return new Response(page, { headers: { "content-type": "text/html; charset=utf-8" } });
      };
    });
    afterAll(async () => {
      await browser?.close();
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
      await pictures?.close();
    });

    /** Opens the host as `customer`, runs `tool` and answers what the host saw and the view's frame. */
    async function runInHost(run: Omit<HostRun, "locale" | "theme"> & Partial<HostRun>) {
      const opened = await openPage(browser, {
        url,
        locale: "en-GB",
        viewport: { width: 800, height: 900 },
      });
      const { page } = opened;
      await page.goto(url);
      await page.waitForFunction(() => "runTool" in globalThis);
      const seen = await page.evaluate(
        (args) =>
          (globalThis as unknown as { runTool(run: HostRun): Promise<HostSeen> }).runTool(args),
        { locale: "en-GB", theme: "light" as const, ...run },
      );
      const frame = await (await page.waitForSelector("iframe")).contentFrame();
      if (!frame) throw new Error("no view frame");
      return { ...opened, seen, frame };
    }

    const modelContext = (page: Page) =>
      page.evaluate(() => (globalThis as unknown as { modelContext: unknown[] }).modelContext);

    let requestId = "";

    test("mcp app - a three-line return from the form to submitted, through the server's tools", async () => {
      const { context, page, seen, frame, errors } = await runInHost({
        customer: "pia",
        tool: "returnable_lines",
        args: { order_id: PIA_ORDER },
      });
      // The tool names its view the three ways clients read it; the resource is an MCP App with
      // a CSP naming the shop's picture origin and nothing else (no fetch at all).
      expect(seen.toolMeta).toMatchObject({
        ui: { resourceUri: "ui://returnkit/customer-returns.html" },
        "ui/resourceUri": "ui://returnkit/customer-returns.html",
        "openai/outputTemplate": "ui://returnkit/customer-returns.html",
      });
      expect(seen.mimeType).toBe("text/html;profile=mcp-app");
      expect(seen.csp).toEqual({ resourceDomains: [pictures.origin] });

      await frame.locator("#rk-line-2-take").waitFor(SETTLED);
      for (const name of PIA_PRODUCTS) {
        await frame.getByText(`Return ${name}`).waitFor(SETTLED);
      }
      expect(await drawn(frame.locator(".rk-lines img").first())).toBe(true);
      await frame.locator("#rk-line-0-take").check();
      await chooseReason(frame, 0, "TOO_SMALL");
      await frame.locator("#rk-line-1-take").check();
      await chooseReason(frame, 1, "DEFECTIVE");
      await frame.locator('input[name="rk-line-1-resolution"][value="STORE_CREDIT"]').check();
      await frame.locator("#rk-line-2-take").check();
      await chooseReason(frame, 2, "CHANGED_MIND");
      // The refund is the server's estimate, before anything is sent.
      await frame.locator(".rk-summary").getByText("€").first().waitFor(SETTLED);
      expect(await frameViolations(frame)).toEqual([]);
      if (process.env.RETURNKIT_UI_SCREENSHOTS === "docs") {
        // The mcp README's picture: the form filled in, the refund estimated, before submitting.
        const height = await frame.evaluate(() => document.documentElement.scrollHeight);
        const element = await page.waitForSelector("iframe");
        await element.evaluate((iframe, px) => {
          (iframe as HTMLElement).style.height = `${px}px`;
        }, height);
        // Drawn from the top once the frame took its new height (the form scrolled as it was filled).
        await frame.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => resolve(scrollTo(0, 0)))),
        );
        const path = fileURLToPath(new URL("../../mcp/docs/customer-view.png", import.meta.url));
        await page.evaluate(() => scrollTo(0, 0));
        // A frame paints only what its page's viewport shows: make the viewport the frame's size.
        const box = await element.boundingBox();
        await page.setViewportSize({ width: 800, height: Math.ceil((box?.y ?? 0) + height + 16) });
        await frame.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
        await page.screenshot({ path });
      }
      await frame.getByRole("button", { name: "Submit return" }).click();
      await frame.getByRole("status").filter({ hasText: "submitted" }).first().waitFor(SETTLED);

      await expect.poll(() => modelContext(page), SETTLED).toHaveLength(1);
      const [told] = (await modelContext(page)) as { content: { text: string }[] }[];
      const sentence = told?.content[0]?.text ?? "";
      expect(sentence).toMatch(
        /^The customer submitted return request rrq_\w+ \(3 returns of order ord_5101\)/,
      );
      requestId = /rrq_\w+/.exec(sentence)?.[0] ?? "";
      await expect
        .poll(() => frame.locator(".rk-returns .rk-badge").allTextContents(), SETTLED)
        .toEqual(["Submitted", "Submitted", "Submitted"]);
      expect(errors).toEqual([]);
      await context.close();
    });

    test("mcp app - get_return_request shows the request's returns and their timeline", async () => {
      expect(requestId).not.toBe("");
      const { context, frame, errors } = await runInHost({
        customer: "pia",
        tool: "get_return_request",
        args: { id: requestId },
        theme: "dark",
      });
      await expect
        .poll(
          () => frame.locator(`[data-request-id="${requestId}"] .rk-badge`).allTextContents(),
          SETTLED,
        )
        .toEqual(["Submitted", "Submitted", "Submitted"]);
      expect(await frame.locator(".rk-return ol, .rk-return .rk-timeline").count()).toBeGreaterThan(
        0,
      );
      expect(await frame.locator("html").getAttribute("data-theme")).toBe("dark");
      expect(await frame.locator("#rk-line-0-take").count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });

    test("mcp app - another customer's view never shows pia's order or request", async () => {
      for (const [tool, args] of [
        ["returnable_lines", { order_id: PIA_ORDER }],
        ["get_return_request", { id: requestId }],
      ] as const) {
        const { context, frame, seen } = await runInHost({ customer: "bob", tool, args });
        expect(seen.resultIsError).toBe(true);
        await frame.getByRole("alert").waitFor(SETTLED);
        const text = (await frame.locator("#rk-view").innerText()) ?? "";
        for (const name of PIA_PRODUCTS) expect(text).not.toContain(name);
        expect(text).not.toContain(requestId);
        await context.close();
      }
      const own = await runInHost({
        customer: "bob",
        tool: "returnable_lines",
        args: { order_id: BOB_ORDER },
      });
      await own.frame.locator("#rk-line-0-take").waitFor(SETTLED);
      const text = (await own.frame.locator("#rk-view").innerText()) ?? "";
      expect(text).toContain("Baseball cap");
      for (const name of PIA_PRODUCTS) expect(text).not.toContain(name);
      await own.context.close();
    });
  },
);
