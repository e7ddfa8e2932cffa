/**
 * @module server/handler — the mount: a `(Request) => Response` serving the customer page at
 * its path (its packing slip at `{path}?slip=rrq_…`), the back office at `{path}/admin`, the
 * browser assets at `{path}/assets/…`, a CSRF token at `{path}/csrf` and the packing slip's QR
 * codes at `{path}/qr.svg?rma=…`. Everything else under the path is a 404 problem.
 */
import type { FetchHandler } from "@returnkit/core";
import { type Assets, loadAssets } from "./assets";
import type { ClientConfig, SignIn } from "./config";
import { checkImageOrigins, checkLogoUrl, contentSecurityPolicy, originOf } from "./csp";
import { csrfCookie, csrfTokenFor } from "./csrf";
import { rmaQrAnswer } from "./rma-qr";
import { renderShell } from "./shell";

export interface ReturnsUiOptions {
  /** The returns API's base URL, as the service's `baseUrl` (absolute). */
  apiUrl: string;
  /** Where the pages are served, as an absolute path (`/returns`), under any prefix. */
  path: `/${string}`;
  /** The host's own session (the default), or OAuth 2.1 + PKCE in the browser. */
  signIn?: SignIn;
  /** The back office's sign-in, when it differs (another OAuth client); default `signIn`. */
  staffSignIn?: SignIn;
  /**
   * Where the shop's product pictures (order lines' `image_url`) come from, by origin:
   * `["https://cdn.shop.example"]`. Named in the CSP's `img-src`; no wildcard. Default none:
   * pictures on the page's own origin only.
   */
  imageOrigins?: string[];
  /** The shop's name and logo in the page's header. */
  brand?: { name?: string; logoUrl?: string };
  /** The shop's stylesheet, loaded after the page's: set the `--rk-*` custom properties there. */
  themeStylesheetUrl?: string;
  /** A fixed locale (`de-DE`); by default the browser's. */
  locale?: string;
  /** Where the built assets are; default the package's own dist/assets. */
  assetsDir?: string;
  /**
   * The customer page offers a visitor without an account "Find your order" (order number and
   * email or postcode). The service must have its `guests` option. Default false.
   */
  guests?: boolean;
}

export interface ReturnsUi {
  fetch: FetchHandler;
  /** Every exact path the handler serves, for `service.mount`, which matches exact paths. */
  paths: `/${string}`[];
}

/** The pages and the token are one browser's (its CSRF token): no cache keeps them. */
const NOT_STORED = "private, no-store";

const PAGES = {
  customer: { script: "customer.js", element: "returnkit-returns", title: "Returns" },
  staff: { script: "staff.js", element: "returnkit-back-office", title: "Returns back office" },
} as const;

export function createReturnsUi(options: ReturnsUiOptions): ReturnsUi {
  checkLogoUrl(options.brand?.logoUrl);
  const imageOrigins = checkImageOrigins(options.imageOrigins);
  const assets = loadAssets(options.assetsDir);
  const base = options.path.replace(/\/+$/, "") as `/${string}`;
  const signIns: Record<keyof typeof PAGES, SignIn> = {
    customer: options.signIn ?? { mode: "session" },
    staff: options.staffSignIn ?? options.signIn ?? { mode: "session" },
  };
  // Behind a proxy that ends TLS the request says http; the API's own https URL says how the
  // browser reached it. A forwarded header is never read: any client can send one.
  const apiIsHttps = originOf(options.apiUrl)[0]?.startsWith("https:") ?? false;
  const secureCookie = (request: Request) =>
    apiIsHttps || new URL(request.url).protocol === "https:";
  const page = (kind: keyof typeof PAGES, request: Request) => {
    const signIn = signIns[kind];
    const csp = contentSecurityPolicy({
      connect: [
        ...originOf(options.apiUrl),
        ...(signIn.mode === "oauth" ? originOf(signIn.tokenEndpoint) : []),
      ],
      images: [...originOf(options.brand?.logoUrl), ...imageOrigins],
      forms: signIn.mode === "oauth" ? originOf(signIn.authorizationEndpoint) : [],
    });
    return servePage(kind, request, { options, assets, base, signIn, csp, secureCookie });
  };

  const fetch: FetchHandler = async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return problem(405, "method-not-allowed", "Only GET and HEAD are served here.", {
        allow: "GET, HEAD",
      });
    }
    const path = new URL(request.url).pathname;
    if (path === base || path === `${base}/`) return page("customer", request);
    if (path === `${base}/admin`) return page("staff", request);
    if (path === `${base}/csrf`) return csrfAnswer(request, secureCookie(request));
    if (path === `${base}/qr.svg`) return qrAnswer(request);
    if (path.startsWith(`${base}/assets/`)) {
      const asset = assets.get(path.slice(base.length + "/assets/".length));
      if (asset) {
        return new Response(request.method === "HEAD" ? null : asset.body, {
          headers: {
            "content-type": asset.type,
            "cache-control": asset.cacheControl,
            "x-content-type-options": "nosniff",
          },
        });
      }
    }
    return problem(404, "not-found", `Nothing is served at ${path}.`);
  };
  const paths = [
    base,
    `${base}/`,
    `${base}/admin`,
    `${base}/csrf`,
    `${base}/qr.svg`,
    ...assets.names().map((name) => `${base}/assets/${name}`),
  ] as `/${string}`[];
  return { fetch, paths };
}

interface PageContext {
  options: ReturnsUiOptions;
  assets: Assets;
  base: string;
  signIn: SignIn;
  csp: string;
  /** Whether the CSRF cookie set for `request` is `Secure`. */
  secureCookie: (request: Request) => boolean;
}

function servePage(kind: keyof typeof PAGES, request: Request, context: PageContext): Response {
  const { options, assets, base, signIn } = context;
  const spec = PAGES[kind];
  const csrf = signIn.mode === "session" ? csrfTokenFor(request) : null;
  const config: ClientConfig = {
    page: kind,
    api: options.apiUrl.replace(/\/+$/, ""),
    base,
    signIn,
    csrf: csrf?.token ?? null,
    brand: { name: options.brand?.name ?? "", logoUrl: options.brand?.logoUrl ?? null },
    locale: options.locale ?? null,
    ...(kind === "customer" && options.guests ? { guests: true } : {}),
  };
  const html = renderShell({
    config,
    title: options.brand?.name ? `${spec.title} · ${options.brand.name}` : spec.title,
    stylesheets: [
      `${base}/assets/${assets.nameOf("theme.css")}`,
      ...(options.themeStylesheetUrl ? [options.themeStylesheetUrl] : []),
    ],
    script: `${base}/assets/${assets.nameOf(spec.script)}`,
    element: spec.element,
    lang: options.locale?.split("-")[0] ?? "en",
  });
  const headers = new Headers({
    "content-type": "text/html; charset=utf-8",
    "cache-control": NOT_STORED,
    "content-security-policy": context.csp,
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
  });
  if (csrf?.isNew) {
    headers.append("set-cookie", csrfCookie(csrf.token, context.secureCookie(request), "/"));
  }
  return new Response(request.method === "HEAD" ? null : html, { headers });
}

function qrAnswer(request: Request): Response {
  const svg = rmaQrAnswer(new URL(request.url));
  if (svg === null) {
    return problem(400, "invalid-query", "rma must be an RMA number (RMA-7KQ3-X9TD).");
  }
  return new Response(request.method === "HEAD" ? null : svg, {
    headers: {
      "content-type": "image/svg+xml",
      // The same code always draws the same image, and it tells nothing of anyone.
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'",
    },
  });
}

function csrfAnswer(request: Request, secure: boolean): Response {
  const { token, isNew } = csrfTokenFor(request);
  const headers = new Headers({
    "content-type": "application/json",
    "cache-control": NOT_STORED,
    "x-content-type-options": "nosniff",
  });
  if (isNew) headers.append("set-cookie", csrfCookie(token, secure, "/"));
  return new Response(JSON.stringify({ token }), { headers });
}

function problem(
  status: number,
  slug: string,
  detail: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(
    JSON.stringify({ type: `urn:returnkit:problem:${slug}`, title: detail, status, detail }),
    {
      status,
      headers: {
        "content-type": "application/problem+json",
        "cache-control": NOT_STORED,
        "x-content-type-options": "nosniff",
        ...headers,
      },
    },
  );
}
