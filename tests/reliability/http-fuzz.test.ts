/**
 * HTTP fuzzing over both adapters (Hono through `app.request` and under `@hono/node-server`,
 * Express through a real loopback socket): arbitrary methods, paths, headers and bodies must
 * never produce a 5xx, every 4xx must be problem+json, a rejected request must leave the store
 * byte-for-byte as it was, and the server must still answer a valid request right after.
 * Whole classes are generated, not listed: every method on every route, dot segments and
 * separators spelled every way in any route path, chunked bodies over the limit.
 */

import { METHODS } from "node:http";
import { returnsApp } from "@returnkit/adapter-hono";
import { createReturnsService, MERCHANT_EVENTS, type ReturnsService } from "@returnkit/core";
import { storeContents, validCreate } from "@returnkit/testing";
import fc from "fast-check";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, createLocalIssuer } from "./test-support/issuer";
import {
  type RawRequest,
  type RawResponse,
  sendRaw,
  sendToHonoApp,
  startExpressServer,
  startHonoServer,
} from "./test-support/servers";

const RUNS = Number(process.env.RELIABILITY_FUZZ_RUNS ?? 300);
/**
 * Fixed unless FUZZ_SEED says otherwise, so a CI failure reproduces and the "every layer was
 * reached" check cannot flake on an unlucky draw. Change it (or set FUZZ_SEED) to explore.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
console.info(`http fuzzing with seed ${SEED} (FUZZ_SEED to change)`);
const OWNER = "fuzz-owner";
/** The service's body limit (its default, named so the oversized bodies below follow it). */
const MAX_BODY_BYTES = 16 * 1024;

interface FuzzTarget {
  name: string;
  /**
   * llhttp (node's HTTP parser) knows a fixed list of methods; `new Request` takes any token
   * but TRACE, CONNECT and TRACK.
   */
  methods: fc.Arbitrary<string>;
  /**
   * Whether the target sees the request target as sent. Through `app.request` the URL is
   * parsed (dot segments resolved) before any router runs; over a socket the host routes on
   * the raw target, so returnkit must refuse paths the URL parser would rewrite.
   */
  rawTarget: boolean;
  /** Separators a path segment may hide, as sent on the request line. */
  separators: readonly string[];
  /** Longest path segment the transport can carry (node refuses header sections over 16 KiB). */
  longSegment: number;
  /**
   * Whether paths may hold characters RFC 3986 wants percent-encoded: raw non-ASCII (Node's
   * parser refuses it with a bare 400 before any application code runs), `\` and `#` (see
   * `unroutableByExpress`). Through `app.request` the URL parser encodes or resolves them.
   */
  rawUnsafeChars: boolean;
  /**
   * Whether to send the asterisk form (`*`) and the absolute form (`http://host/path`) of
   * the request target. Off for Express: its adapter answers both with a 500 today, which
   * abusive-clients.test.ts pins down as a known failure.
   */
  otherTargetForms: boolean;
  start(service: ReturnsService): Promise<{
    send(raw: RawRequest): Promise<RawResponse>;
    close(): Promise<void>;
  }>;
}

const COMMON_METHODS = ["GET", "POST", "PATCH", "PUT", "DELETE", "HEAD", "OPTIONS"] as const;
/** Every method node's server hands to the application (CONNECT goes to a 'connect' event). */
const NODE_METHODS = METHODS.filter((method) => method !== "CONNECT");
/** Method names `new Request` accepts: any token but the ones Fetch forbids. */
const fetchMethodToken = fc
  .stringMatching(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,12}$/)
  .filter((method) => !["CONNECT", "TRACE", "TRACK"].includes(method.toUpperCase()));
const ENCODED_SEPARATORS = ["%2f", "%2F", "%5c", "%5C"] as const;

const targets: FuzzTarget[] = [
  {
    name: "Hono (app.request)",
    methods: fc.oneof(
      fc.constantFrom(...COMMON_METHODS, "post", "Patch", "FOO", "PROPFIND"),
      fetchMethodToken,
    ),
    rawTarget: false,
    separators: [...ENCODED_SEPARATORS, "\\"],
    longSegment: 8_000,
    rawUnsafeChars: true,
    otherTargetForms: true,
    async start(service) {
      const app = new Hono();
      app.route("/", returnsApp(service));
      return { send: (raw) => sendToHonoApp(app, raw), close: async () => {} };
    },
  },
  {
    name: "Express (loopback socket)",
    methods: fc.constantFrom(...NODE_METHODS),
    rawTarget: true,
    separators: [...ENCODED_SEPARATORS, "\\"],
    longSegment: 4_000,
    rawUnsafeChars: false,
    otherTargetForms: false,
    async start(service) {
      const running = await startExpressServer(service);
      return { send: (raw) => sendRaw(running.port, raw), close: () => running.close() };
    },
  },
  {
    name: "Hono (@hono/node-server loopback socket)",
    methods: fc.constantFrom(...NODE_METHODS),
    rawTarget: true,
    // node-server itself answers a raw backslash in the path with a bare 400.
    separators: ENCODED_SEPARATORS,
    longSegment: 4_000,
    rawUnsafeChars: false,
    // node-server refuses `*` with a bare 400 before Hono runs.
    otherTargetForms: false,
    async start(service) {
      const running = await startHonoServer(service);
      return { send: (raw) => sendRaw(running.port, raw), close: () => running.close() };
    },
  },
];

// ------------------------------------------------------------------ arbitraries

/**
 * Text that is not well-formed Unicode: a lone high or low surrogate, or a pair in the wrong
 * order, alone or inside ordinary text. A JSON escape carries it into any string of a body or
 * of a token's claims; PostgreSQL would keep each of them as U+FFFD.
 */
const illFormed = fc
  .tuple(
    fc.string({ maxLength: 6 }),
    fc.constantFrom("\ud800", "\udbff", "\udc00", "\udfff", "\udc00\ud800", "\ude00\ud83d"),
    fc.string({ maxLength: 6 }),
  )
  .map(([before, lone, after]) => before + lone + after);
/** The same code units as a request line can carry them: their WTF-8 bytes, percent-encoded. */
const percentEncodedWtf8 = (text: string) =>
  [...text]
    .map((char) => {
      const unit = char.charCodeAt(0);
      if (char.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(char);
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      return bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join("");
    })
    .join("");

/** Text no store keeps exactly (NUL, or a lone surrogate), anywhere in `value`. */
function unstorableTextIn(value: unknown): string | undefined {
  if (typeof value === "string")
    return value.includes("\u0000") || /\p{Surrogate}/u.test(value) ? value : undefined;
  if (value === null || typeof value !== "object") return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = unstorableTextIn(key) ?? unstorableTextIn(item);
    if (found !== undefined) return found;
  }
  return undefined;
}

const printable = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
const headerValue = fc.string({ unit: printable, maxLength: 300 });
const asciiPathChars = [
  ..."abcxyzABCXYZ0189-._~!$&'()*+,;=:@%/?[]^`{|}\"<>".split(""),
  "%2e",
  "%2F",
  "%00",
  "%ff",
  "%ED%A0%80",
  "%ed%bf%bf",
  "%zz",
  "%",
];
/**
 * Characters a request line should not hold but Node's parser lets through. Express's own
 * router (parseurl) finds no pathname in some of them (`/\\a@b#c` → "Cannot GET null", an
 * HTML 404) and never calls returnkit's router, so they are sent only where no framework
 * routing stands in front of returnkit.
 */
const unroutableByExpress = ["\\", "#"];
const pathCharFor = (target: { rawUnsafeChars: boolean }) =>
  fc.constantFrom(
    ...asciiPathChars,
    ...(target.rawUnsafeChars ? ["é", "💥", "\ud800", "\udc00\ud800", ...unroutableByExpress] : []),
  );

const utf8 = (text: string) => new TextEncoder().encode(text);

function pathArbitrary(target: FuzzTarget, knownId: string): fc.Arbitrary<string> {
  const pathChar = pathCharFor(target);
  const longSegment = target.longSegment;
  const segment = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.constantFrom(
        "v1",
        "portal",
        "merchant",
        "returns",
        "return-requests",
        "estimate",
        "insights",
        "fit",
        "summary",
        "submit",
        "cancel",
        "approve",
        "reject",
        "flag",
        "unflag",
        "ship",
        "receive",
        "grade",
        "close",
        "update",
        "openapi.json",
        ".well-known",
        "oauth-protected-resource",
        "..",
        ".",
        "%2e%2e",
        "%2E",
        "",
        "ret_",
        "ret_01KAQ7Z5D2M8X4C6B9N3P7Q1RS",
        "RET_01KAQ7Z5D2M8X4C6B9N3P7Q1RS",
        knownId,
        encodeURIComponent(knownId),
        `${knownId}%00`,
        `${knownId}/..`,
      ),
    },
    { weight: 3, arbitrary: fc.string({ unit: pathChar, maxLength: 24 }) },
    {
      weight: 1,
      arbitrary: fc.string({ unit: pathChar, minLength: longSegment / 2, maxLength: longSegment }),
    },
  );
  const routeLike = fc
    .tuple(
      fc.constantFrom("portal", "merchant", "Portal", "x"),
      fc.oneof(fc.constant(knownId), segment),
      fc.option(segment, { nil: undefined }),
    )
    .map(
      ([caller, id, event]) =>
        `/v1/${caller}/returns/${id}${event === undefined ? "" : `/${event}`}`,
    );
  const free = fc.array(segment, { maxLength: 8 }).map((segments) => `/${segments.join("/")}`);
  const odd = fc.constantFrom(
    ...(target.otherTargetForms
      ? [
          "*",
          "http://shop.reliability.example/v1/portal/returns",
          "https://x.example/v1/merchant/returns",
        ]
      : []),
    "/",
    "//v1//portal//returns",
    "/v1/portal/returns/",
    "/v1/portal/returns/../returns",
    "/v1/portal/returns/%2e%2e/merchant/returns",
    "/v1/merchant/returns?state=draft&state=closed&limit=-1",
    "/v1/portal/returns?limit=1e9&cursor=%ff",
    "/v1/merchant/returns?limit=&order_id=&cursor=ret_",
    "/v1/portal/returns?order_id=%ED%A0%80",
    "/v1/merchant/returns?cursor=ret_%ED%B0%80%ED%A0%80",
  );
  const query = fc.option(
    fc.string({ unit: pathCharFor(target), maxLength: 60 }).map((q) => `?${q}`),
    { nil: "" },
  );
  return fc
    .tuple(
      fc.oneof(
        { weight: 4, arbitrary: routeLike },
        { weight: 4, arbitrary: free },
        { weight: 1, arbitrary: odd },
      ),
      query,
    )
    .map(([path, q]) => path + q);
}

function authorizationArbitrary(issuer: ReturnType<typeof createLocalIssuer>) {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: issuer.issuer,
    aud: BASE_URL,
    sub: OWNER,
    scope: "portal:returns.write",
    exp: now + 3600,
  };
  const refused = [
    issuer.signed({ typ: "at+jwt" }, { ...claims, exp: now - 3600 }),
    issuer.signed({ typ: "at+jwt" }, { ...claims, aud: "https://elsewhere.example" }),
    issuer.signed({ typ: "at+jwt" }, { ...claims, iss: "https://evil.example" }),
    issuer.signed({ typ: "JWT" }, claims),
    issuer.signed({ typ: "at+jwt", alg: "none" }, claims),
    issuer.signed({ typ: "at+jwt", alg: "HS256" }, claims),
    issuer.signed({ typ: "at+jwt", kid: "unknown" }, claims),
    issuer.signed(
      { typ: "at+jwt" },
      { ...claims, scope: "portal:returns.write merchant:returns.write" },
    ),
    issuer.signed({ typ: "at+jwt" }, { ...claims, sub: undefined }),
    issuer.signed({ typ: "at+jwt" }, { ...claims, scope: ["portal:returns.write"] }),
    issuer.signed({ typ: "at+jwt" }, { ...claims, exp: "tomorrow" }),
    issuer.signed({ typ: "at+jwt" }, { ...claims, sub: "\ud800" }),
    issuer.signed({ typ: "at+jwt" }, { ...claims, sub: `${OWNER}\udc00\ud800` }),
    issuer.signed({ typ: "at+jwt" }, { ...claims, client_id: "\udfff" }),
    issuer.signed(
      { typ: "at+jwt" },
      { ...claims, sub: undefined, client_id: "x\udbff", scope: "merchant:returns.write" },
    ),
  ].map((token) => `Bearer ${token}`);
  return fc.option(
    fc.oneof(
      fc.constantFrom(
        issuer.bearer("portal", OWNER),
        issuer.bearer("portal", OWNER, "RS256"),
        issuer.bearer("portal", "someone-else"),
        issuer.bearer("merchant", "backoffice"),
        ...refused,
        "Bearer",
        "Bearer ",
        "bearer a.b.c",
        "Bearer ....",
        "Bearer e30.e30.e30",
        "Basic dXNlcjpwYXNz",
        `${issuer.bearer("portal", OWNER)}, Bearer x`,
      ),
      headerValue.map((v) => `Bearer ${v}`),
      headerValue,
    ),
    { nil: undefined },
  );
}

const contentType = fc.option(
  fc.oneof(
    fc.constantFrom(
      "application/json",
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "application/merge-patch+json",
      "application/problem+json",
      "text/plain",
      "multipart/form-data; boundary=x",
      "application/x-www-form-urlencoded",
      "",
      "json",
    ),
    headerValue,
  ),
  { nil: undefined },
);
const idempotencyKey = fc.option(
  fc.oneof(
    fc.constantFrom("", '""', '"k"', "k", '"unterminated', "a".repeat(255), "a".repeat(256)),
    headerValue,
  ),
  { nil: undefined },
);
const ifMatch = fc.option(
  fc.oneof(
    fc.constantFrom("*", '"1"', 'W/"2"', '"1", "2"', "1", '""', "W/", "999999999999999999999"),
    headerValue,
  ),
  { nil: undefined },
);
/** Extra headers, never the ones that frame the message (the transport sets those). */
const extraHeaders = fc.dictionary(fc.stringMatching(/^x-[a-z0-9-]{1,20}$/), headerValue, {
  maxKeys: 4,
});

const anyField = fc.anything({ maxDepth: 2, maxKeys: 4 });
const mutatedCreate = fc
  .tuple(
    fc.record(
      {
        order_id: fc.oneof(
          fc.constant(validCreate.order_id),
          fc.string({ maxLength: 200 }),
          illFormed,
          anyField,
        ),
        line: fc.oneof(
          fc.constant(validCreate.line),
          fc.record(
            {
              sku: fc.oneof(fc.constant("TEE"), fc.string({ maxLength: 80 }), illFormed, anyField),
              quantity: fc.oneof(fc.integer(), fc.double(), anyField),
              size: fc.oneof(fc.constant("M"), fc.string({ maxLength: 40 }), illFormed, anyField),
            },
            { requiredKeys: [] },
          ),
          anyField,
        ),
        reason: fc.oneof(
          fc.constantFrom(
            "TOO_SMALL",
            "TOO_LOOSE_AT_WAIST",
            "OTHER",
            "too_small",
            "TOO_SMALL_AT_ELBOW",
          ),
          anyField,
        ),
        resolution: fc.oneof(
          fc.constantFrom("REFUND", "EXCHANGE", "STORE_CREDIT", "refund"),
          anyField,
        ),
        exchange_for: fc.oneof(
          fc.record({
            sku: fc.oneof(fc.constant("TEE-BLK-L"), fc.string({ maxLength: 70 }), illFormed),
          }),
          anyField,
        ),
      },
      { requiredKeys: [] },
    ),
    fc.dictionary(fc.string({ maxLength: 12 }), anyField, { maxKeys: 2 }),
  )
  .map(([fields, extra]) => ({ ...extra, ...fields }));

const bodyArbitrary: fc.Arbitrary<Uint8Array | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.json({ maxDepth: 3 }).map(utf8),
  mutatedCreate.map((value) => utf8(JSON.stringify(value))),
  fc
    .record(
      { note: fc.oneof(fc.string({ maxLength: 600 }), illFormed, anyField) },
      { requiredKeys: [] },
    )
    .map((value) => utf8(JSON.stringify(value))),
  fc
    .record(
      {
        carrier: fc.oneof(fc.string({ maxLength: 80 }), illFormed),
        tracking_number: fc.oneof(fc.string({ maxLength: 140 }), illFormed),
        note: illFormed,
      },
      { requiredKeys: [] },
    )
    .map((value) => utf8(JSON.stringify(value))),
  fc.uint8Array({ maxLength: 512 }),
  fc.string({ unit: "binary", maxLength: 200 }).map(utf8),
  fc.constantFrom(
    utf8(""),
    utf8("{"),
    utf8("null"),
    utf8('{"__proto__": {"admin": true}}'),
    utf8(`{"note": "${"x".repeat(17 * 1024)}"}`),
    new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
    new Uint8Array([0xc3, 0x28]),
  ),
);

/** The fit insights, per size; `…/summary` per sku. Both read a page at a time. */
const INSIGHTS = "/v1/merchant/insights/fit";

/** A cursor in the insights' (and deliveries') format: any JSON, as base64url. */
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
/** Text for a key: ordinary, unicode, control characters, NUL, ill-formed, long. */
const keyText = fc.oneof(
  fc.constantFrom("TEE-BLK-M", "M", "", "\u0000", "TEE\u0000"),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  illFormed,
  fc.string({ minLength: 300, maxLength: 900 }),
);
/** Anything a `cursor=` could hold: garbage, keys of every shape in the right format, a cut cursor. */
const insightsCursor = fc.oneof(
  fc.string({ maxLength: 40 }),
  illFormed,
  fc.tuple(keyText, fc.option(keyText, { nil: null })).map(cursorOf),
  fc
    .tuple(fc.oneof(fc.nat(), fc.integer(), fc.double(), fc.constant(2 ** 53)), keyText)
    .map(cursorOf),
  fc
    .array(fc.oneof(keyText, fc.integer(), fc.constant(null), fc.boolean()), { maxLength: 4 })
    .map(cursorOf),
  fc.jsonValue({ maxDepth: 2 }).map(cursorOf),
  fc
    .tuple(keyText, keyText, fc.nat({ max: 20 }))
    .map(([sku, size, cut]) => cursorOf([sku, size]).slice(cut)),
  fc.integer({ min: 1_990, max: 4_000 }).map((length) => "A".repeat(length)),
);
const insightsLimit = fc.oneof(
  fc.integer({ min: -5, max: 130 }).map(String),
  fc.constantFrom(
    "",
    "0",
    "1",
    "100",
    "101",
    "1e2",
    "0x10",
    " 5",
    "NaN",
    "-0",
    "2.5",
    "9".repeat(30),
  ),
  fc.string({ maxLength: 8 }),
);
const insightsInstant = fc.oneof(
  fc.constantFrom(
    "2026-01-01",
    "2026-02-30",
    "0000-01-01",
    "0001-01-01T00:30:00+01:00",
    "9999-12-31T23:59:59-14:00",
    "2026-01-01T00:00:00Z",
    "2026-01-01T00:00:00",
    "2026-01-01T00:00:00.123456789+01:00",
    "+275760-09-13T00:00:00Z",
  ),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.string({ maxLength: 30 }),
);
/** A query of the insights routes: each name maybe, maybe twice, maybe one they do not take. */
const insightsQuery = fc
  .tuple(
    fc.record(
      {
        limit: insightsLimit,
        cursor: insightsCursor,
        sku: keyText,
        from: insightsInstant,
        to: insightsInstant,
        group: fc.constant("sku"),
      },
      { requiredKeys: [] },
    ),
    fc.option(fc.constantFrom("limit", "cursor", "sku"), { nil: undefined }),
  )
  .map(([fields, twice]) => {
    const pairs = Object.entries(fields);
    const again = pairs.find(([name]) => name === twice);
    if (again) pairs.push(again);
    return pairs.map(([name, value]) => `${name}=${percentEncodedWtf8(value)}`).join("&");
  });

/** A well-formed return request id that names no request. */
const UNKNOWN_REQUEST = "rrq_01KAQ7Z5D2M8X4C6B9N3P7Q1RS";

/** A route of the API with the methods it serves and who may call it. */
interface RouteUnderTest {
  path: string;
  allow: readonly string[];
  who: "portal" | "merchant" | null;
}

function routeTable(knownId: string): RouteUnderTest[] {
  const portal = "/v1/portal/returns";
  const merchant = "/v1/merchant/returns";
  return [
    { path: portal, allow: ["GET", "HEAD", "POST"], who: "portal" },
    { path: `${portal}/${knownId}`, allow: ["GET", "HEAD", "PATCH"], who: "portal" },
    { path: `${portal}/${knownId}/submit`, allow: ["POST"], who: "portal" },
    { path: `${portal}/${knownId}/cancel`, allow: ["POST"], who: "portal" },
    { path: merchant, allow: ["GET", "HEAD"], who: "merchant" },
    { path: `${merchant}/${knownId}`, allow: ["GET", "HEAD"], who: "merchant" },
    ...MERCHANT_EVENTS.map(
      (event): RouteUnderTest => ({
        path: `${merchant}/${knownId}/${event}`,
        allow: ["POST"],
        who: "merchant",
      }),
    ),
    ...webhookRouteTable(knownId),
    { path: "/v1/openapi.json", allow: ["GET", "HEAD"], who: null },
    { path: "/.well-known/oauth-protected-resource", allow: ["GET", "HEAD"], who: null },
    ...requestRouteTable(),
    { path: INSIGHTS, allow: ["GET", "HEAD"], who: "merchant" },
    { path: `${INSIGHTS}/summary`, allow: ["GET", "HEAD"], who: "merchant" },
  ];
}

/** Return requests; `UNKNOWN_REQUEST` names none, so its reads are 404s and its writes find nothing. */
function requestRouteTable(): RouteUnderTest[] {
  const portal = "/v1/portal/return-requests";
  const merchant = "/v1/merchant/return-requests";
  return [
    { path: portal, allow: ["POST"], who: "portal" },
    { path: `${portal}/estimate`, allow: ["POST"], who: "portal" },
    { path: `${portal}/${UNKNOWN_REQUEST}`, allow: ["GET", "HEAD"], who: "portal" },
    { path: `${portal}/${UNKNOWN_REQUEST}/submit`, allow: ["POST"], who: "portal" },
    { path: `${merchant}/${UNKNOWN_REQUEST}`, allow: ["GET", "HEAD"], who: "merchant" },
    { path: `${merchant}/${UNKNOWN_REQUEST}/ship`, allow: ["POST"], who: "merchant" },
  ];
}

/** The webhook operations (back office); `id` names no endpoint or event, so writes find nothing. */
function webhookRouteTable(id: string): RouteUnderTest[] {
  const endpoints = "/v1/webhooks/endpoints";
  const route = (path: string, allow: readonly string[]): RouteUnderTest => ({
    path,
    allow,
    who: "merchant",
  });
  return [
    route(endpoints, ["GET", "HEAD", "POST"]),
    route(`${endpoints}/${id}`, ["DELETE", "GET", "HEAD", "PATCH"]),
    route(`${endpoints}/${id}/secret/rotate`, ["POST"]),
    route(`${endpoints}/${id}/test`, ["POST"]),
    route("/v1/webhooks/events", ["GET", "HEAD"]),
    route("/v1/webhooks/deliveries", ["GET", "HEAD"]),
    route(`/v1/webhooks/events/${id}/redeliver`, ["POST"]),
    route("/v1/webhooks/recover", ["POST"]),
  ];
}

/** `.` or `..`, each dot plain or percent-encoded in either case. */
const dotSegment = fc
  .array(fc.constantFrom(".", "%2e", "%2E"), { minLength: 1, maxLength: 2 })
  .map((dots) => dots.join(""));
const nameChars = fc.stringMatching(/^[a-z0-9_.-]{0,6}$/);

/** A segment the URL parser would turn into a step through the path. */
function steppingSegment(target: FuzzTarget): fc.Arbitrary<string> {
  return fc.oneof(
    dotSegment,
    fc
      .tuple(nameChars, fc.constantFrom(...target.separators), nameChars)
      .map(([before, separator, after]) => before + separator + after),
  );
}

/** A route's path with stepping segments inserted anywhere, and maybe a query. */
function steppingPath(target: FuzzTarget, routes: RouteUnderTest[]) {
  return fc
    .tuple(
      fc.constantFrom(...routes),
      fc.array(fc.tuple(steppingSegment(target), fc.nat()), { minLength: 1, maxLength: 3 }),
      fc.constantFrom("", "?limit=1", "?cursor=..%2F"),
    )
    .map(([route, inserts, query]) => {
      const segments = route.path.split("/").slice(1);
      for (const [segment, at] of inserts) segments.splice(at % (segments.length + 1), 0, segment);
      return { route, path: `/${segments.join("/")}${query}` };
    });
}

/** Chunk sizes adding up to more than the body limit: the last chunk makes up the rest. */
const oversizedChunks = fc
  .tuple(
    fc.integer({ min: MAX_BODY_BYTES + 1, max: 3 * MAX_BODY_BYTES }),
    fc.array(fc.integer({ min: 1, max: MAX_BODY_BYTES }), { maxLength: 12 }),
  )
  .map(([total, sizes]) => {
    const text = `{"note":"${"x".repeat(total)}"}`;
    const bytes = utf8(text);
    const chunks: Uint8Array[] = [];
    let offset = 0;
    for (const size of sizes) {
      if (offset >= bytes.length) break;
      chunks.push(bytes.subarray(offset, offset + size));
      offset += size;
    }
    if (offset < bytes.length) chunks.push(bytes.subarray(offset));
    return chunks;
  });

// ------------------------------------------------------------------ properties

for (const target of targets) {
  describe(`HTTP fuzzing over ${target.name}`, () => {
    const issuer = createLocalIssuer();
    const reported: unknown[] = [];
    /** Throws from event handlers: a crash of the host process, were it not for the test runner. */
    const uncaught: unknown[] = [];
    const recordUncaught = (error: unknown) => uncaught.push(error);
    let service: ReturnsService;
    let mounted: Awaited<ReturnType<FuzzTarget["start"]>>;
    let knownId = "";
    let validRequests = 0;
    /** Outcomes the fuzzing reached: status, and problem slug for errors. */
    const reached = new Map<string, number>();

    beforeAll(async () => {
      process.on("uncaughtException", recordUncaught);
      service = createReturnsService({
        baseUrl: BASE_URL,
        auth: { issuer: issuer.issuer, jwks: issuer.jwks },
        maxBodyBytes: MAX_BODY_BYTES,
        onError: (error) => reported.push(error),
      });
      const owner = { kind: "portal" as const, id: OWNER, scopes: ["portal:returns.write"] };
      const created = await service.createReturn(validCreate, {
        principal: owner,
        idempotencyKey: "seed-1",
      });
      await service.submit(created.record.id, {}, { principal: owner, idempotencyKey: "seed-2" });
      const other = { ...owner, id: "someone-else" };
      await service.createReturn(validCreate, { principal: other, idempotencyKey: "seed-3" });
      knownId = created.record.id;
      mounted = await target.start(service);
    });

    afterAll(async () => {
      process.off("uncaughtException", recordUncaught);
      await mounted?.close();
      await service?.close();
    });

    /** The owner reads the seeded return: the server still works after what came before. */
    async function expectStillServing() {
      const res = await mounted.send({
        method: "GET",
        path: `/v1/portal/returns/${knownId}`,
        headers: { authorization: issuer.bearer("portal", OWNER) },
      });
      expect(res.status, res.body.toString()).toBe(200);
      expect(JSON.parse(res.body.toString()).id).toBe(knownId);
      validRequests++;
    }

    /** What every answer to anything must satisfy; returns the answer for further checks. */
    async function expectWellBehaved(raw: RawRequest): Promise<RawResponse> {
      const before = await storeContents(service.store);
      const res = await mounted.send(raw);
      const describe = `${raw.method} ${raw.path.slice(0, 200)} → ${res.status} ${res.body.toString().slice(0, 300)}`;
      expect(res.status, describe).toBeGreaterThanOrEqual(200);
      expect(res.status, describe).toBeLessThan(500);
      let outcome = String(res.status);
      if (res.status >= 400) {
        expect(String(res.headers["content-type"]), describe).toMatch(
          /^application\/problem\+json/,
        );
        if (raw.method.toUpperCase() !== "HEAD") {
          const problem = JSON.parse(res.body.toString());
          outcome = `${res.status} ${String(problem.type).replace("urn:returnkit:problem:", "")}`;
          expect(problem.type, describe).toMatch(/^urn:returnkit:problem:[a-z-]+$/);
          expect(typeof problem.title, describe).toBe("string");
          expect(problem.status, describe).toBe(res.status);
        }
        expect(await storeContents(service.store), `store changed by ${describe}`).toBe(before);
      }
      const kept = unstorableTextIn(JSON.parse(await storeContents(service.store)));
      expect(kept, `the store holds ${JSON.stringify(kept)} after ${describe}`).toBeUndefined();
      reached.set(outcome, (reached.get(outcome) ?? 0) + 1);
      expect(reported, describe).toEqual([]);
      await expectStillServing();
      expect(uncaught, describe).toEqual([]);
      return res;
    }

    /** A valid bearer token for whoever may call `route`, none for public documents. */
    function credentialsFor(route: RouteUnderTest): Record<string, string> {
      if (route.who === "portal") return { authorization: issuer.bearer("portal", OWNER) };
      if (route.who === "merchant")
        return { authorization: issuer.bearer("merchant", "backoffice") };
      return {};
    }

    it("fuzz - arbitrary methods, paths and headers never get a 5xx and change nothing when refused", async () => {
      await fc.assert(
        fc.asyncProperty(
          target.methods,
          pathArbitrary(target, knownId),
          authorizationArbitrary(issuer),
          contentType,
          idempotencyKey,
          ifMatch,
          extraHeaders,
          bodyArbitrary,
          async (method, path, authorization, type, key, match, extra, body) => {
            const headers: Record<string, string> = { ...extra };
            if (authorization !== undefined) headers.authorization = authorization;
            if (type !== undefined) headers["content-type"] = type;
            if (key !== undefined) headers["idempotency-key"] = key;
            if (match !== undefined) headers["if-match"] = match;
            const sendsBody = !["GET", "HEAD"].includes(method.toUpperCase());
            await expectWellBehaved({
              method,
              path,
              headers,
              ...(sendsBody && body ? { body } : {}),
            });
          },
        ),
        { numRuns: RUNS, seed: SEED },
      );
    });

    it("fuzz - arbitrary bodies and headers on every write route", async () => {
      const writes = [
        { method: "POST", path: "/v1/portal/returns", who: "portal" },
        { method: "PATCH", path: `/v1/portal/returns/${knownId}`, who: "portal" },
        { method: "POST", path: `/v1/portal/returns/${knownId}/submit`, who: "portal" },
        { method: "POST", path: `/v1/portal/returns/${knownId}/cancel`, who: "portal" },
        ...["approve", "reject", "flag", "unflag", "ship", "receive", "grade", "close", "nope"].map(
          (event) => ({
            method: "POST",
            path: `/v1/merchant/returns/${knownId}/${event}`,
            who: "merchant",
          }),
        ),
      ] as const;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...writes),
          fc.oneof(
            { weight: 3, arbitrary: fc.constant("valid" as const) },
            { weight: 1, arbitrary: authorizationArbitrary(issuer) },
          ),
          // Biased towards requests that get past the early checks, so the fuzzing reaches
          // validation, idempotency (a few shared keys collide) and the state machine.
          fc.oneof(
            { weight: 3, arbitrary: fc.constant("application/json") },
            { weight: 1, arbitrary: contentType },
          ),
          fc.oneof(
            { weight: 2, arbitrary: fc.constantFrom("k1", '"k1"', "k2", "k3") },
            { weight: 2, arbitrary: fc.uuid() },
            { weight: 1, arbitrary: idempotencyKey },
          ),
          fc.oneof(
            { weight: 3, arbitrary: fc.constant(undefined) },
            { weight: 1, arbitrary: ifMatch },
          ),
          fc.oneof(
            {
              weight: 1,
              arbitrary: fc.constantFrom(
                utf8(JSON.stringify(validCreate)),
                utf8("{}"),
                utf8(JSON.stringify({ resolution: "REFUND" })),
              ),
            },
            { weight: 3, arbitrary: bodyArbitrary },
          ),
          async (write, authorization, type, key, match, body) => {
            const headers: Record<string, string> = {};
            if (authorization === "valid") {
              headers.authorization =
                write.who === "portal"
                  ? issuer.bearer("portal", OWNER)
                  : issuer.bearer("merchant", "backoffice");
            } else if (authorization !== undefined) headers.authorization = authorization;
            if (type !== undefined) headers["content-type"] = type;
            if (key !== undefined) headers["idempotency-key"] = key;
            if (match !== undefined) headers["if-match"] = match;
            await expectWellBehaved({
              method: write.method,
              path: write.path,
              headers,
              ...(body ? { body } : {}),
            });
          },
        ),
        {
          numRuns: RUNS,
          seed: SEED + 1,
          // Outcomes random runs reach only now and then, tried first on every run.
          examples: [
            [
              writes[0],
              "valid",
              "application/json",
              "fixed-valid",
              undefined,
              utf8(JSON.stringify(validCreate)),
            ],
            [
              writes[0],
              "valid",
              "application/json",
              "fixed-big",
              undefined,
              utf8(`{"note":"${"x".repeat(17 * 1024)}"}`),
            ],
            [writes[4]!, "valid", "text/plain", "fixed-text", undefined, utf8("{}")],
            // A valid create but for one lone surrogate, in the body or in the token's sub.
            [
              writes[0],
              "valid",
              "application/json",
              "fixed-ill-formed-order",
              undefined,
              utf8(JSON.stringify({ ...validCreate, order_id: "ord_\ud800" })),
            ],
            [
              writes[0],
              issuer.bearer("portal", "\udfff"),
              "application/json",
              "fixed-ill-formed-sub",
              undefined,
              utf8(JSON.stringify(validCreate)),
            ],
          ],
        },
      );
    });

    it("fuzz - a used Idempotency-Key with any other body replays or refuses, and changes nothing", async () => {
      let reusedRefused = 0;
      let replays = 0;
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom("create", "approve", "flag", "note-only"),
          fc.uuid(),
          fc.oneof(
            { weight: 2, arbitrary: bodyArbitrary },
            {
              weight: 2,
              arbitrary: fc
                .string({ minLength: 1, maxLength: 128 })
                .map((order_id) => utf8(JSON.stringify({ ...validCreate, order_id }))),
            },
            {
              weight: 2,
              arbitrary: fc
                .string({ maxLength: 500 })
                .map((note) => utf8(JSON.stringify({ note }))),
            },
            { weight: 1, arbitrary: fc.constant("same" as const) },
          ),
          async (kind, key, second) => {
            runs++;
            const portal = kind === "create";
            const path = portal
              ? "/v1/portal/returns"
              : `/v1/merchant/returns/${knownId}/${kind === "note-only" ? "reject" : kind}`;
            const firstBody = utf8(JSON.stringify(portal ? validCreate : { note: "first" }));
            const headers = {
              authorization: portal
                ? issuer.bearer("portal", OWNER)
                : issuer.bearer("merchant", "backoffice"),
              "content-type": "application/json",
              "idempotency-key": key,
              // A replayed refusal names the request it answers now; one id for both requests
              // keeps the replay byte for byte the first answer.
              "x-request-id": `fuzz-${runs}`,
            };
            const first = await mounted.send({ method: "POST", path, headers, body: firstBody });
            expect(first.status, first.body.toString()).toBeLessThan(500);
            const before = await storeContents(service.store);
            const body = second === "same" ? firstBody : second;
            const res = await mounted.send({ method: "POST", path, headers, body });
            const describe = `${path} → ${res.status} ${res.body.toString().slice(0, 300)}`;
            expect(await storeContents(service.store), `store changed by ${describe}`).toBe(before);
            expect(res.status, describe).toBeLessThan(500);
            if (res.headers["idempotent-replayed"] === "true") {
              replays++;
              expect(res.status, describe).toBe(first.status);
              expect(res.body.toString(), describe).toBe(first.body.toString());
            } else {
              expect(res.status, describe).toBeGreaterThanOrEqual(400);
              expect(String(res.headers["content-type"])).toMatch(/^application\/problem\+json/);
              if (res.status === 422) reusedRefused++;
            }
            if (second === "same")
              expect(res.headers["idempotent-replayed"], describe).toBe("true");
            expect(reported, describe).toEqual([]);
          },
        ),
        { numRuns: Math.ceil(RUNS / 2), seed: SEED + 2 },
      );
      expect(runs).toBeGreaterThanOrEqual(Math.ceil(RUNS / 2));
      expect(replays).toBeGreaterThan(0);
      expect(reusedRefused).toBeGreaterThan(0);
      await expectStillServing();
    });

    it("fuzz - ill-formed Unicode in any text field, query, cursor or token id is refused and never stored", async () => {
      const json = (value: unknown) => utf8(JSON.stringify(value));
      const now = Math.floor(Date.now() / 1000);
      const token = (claims: Record<string, unknown>) =>
        `Bearer ${issuer.signed(
          { typ: "at+jwt" },
          { iss: issuer.issuer, aud: BASE_URL, exp: now + 3600, ...claims },
        )}`;
      const create = (fields: Record<string, unknown>) => json({ ...validCreate, ...fields });
      const line = (fields: Record<string, unknown>) =>
        create({ line: { ...validCreate.line, ...fields } });
      const portal = `/v1/portal/returns`;
      const merchant = `/v1/merchant/returns/${knownId}`;
      /** Where the text goes, and the request that carries it there. */
      const places: Record<string, (text: string) => RawRequest & { refused: boolean }> = {
        "create order_id": (t) => write("POST", portal, create({ order_id: t })),
        "create sku": (t) => write("POST", portal, line({ sku: t })),
        "create size": (t) => write("POST", portal, line({ size: t })),
        "create exchange_for": (t) => write("POST", portal, create({ exchange_for: { sku: t } })),
        "update exchange_for": (t) =>
          write("PATCH", `${portal}/${knownId}`, json({ exchange_for: { sku: t } })),
        "submit note": (t) => write("POST", `${portal}/${knownId}/submit`, json({ note: t })),
        "cancel note": (t) => write("POST", `${portal}/${knownId}/cancel`, json({ note: t })),
        "flag note": (t) => write("POST", `${merchant}/flag`, json({ note: t }), "merchant"),
        "ship carrier": (t) => write("POST", `${merchant}/ship`, json({ carrier: t }), "merchant"),
        "ship tracking_number": (t) =>
          write("POST", `${merchant}/ship`, json({ tracking_number: t }), "merchant"),
        "portal token sub": (t) =>
          write("POST", portal, create({}), token({ sub: t, scope: "portal:returns.write" })),
        "portal token client_id": (t) =>
          read(portal, token({ sub: OWNER, client_id: t, scope: "portal:returns.read" })),
        "merchant token sub": (t) =>
          read(merchant, token({ sub: t, scope: "merchant:returns.read" })),
        "merchant token client_id": (t) =>
          read(merchant, token({ client_id: t, scope: "merchant:returns.read" })),
        // A request line carries bytes: the URL parser reads a lone surrogate's as U+FFFD,
        // which is well-formed, so these must only never show another customer's returns.
        "list order_id": (t) => ({
          ...read(`${portal}?order_id=${percentEncodedWtf8(t)}`),
          refused: false,
        }),
        "list cursor": (t) => ({
          ...read(`${portal}?cursor=${percentEncodedWtf8(t)}`),
          refused: false,
        }),
      };
      let keys = 0;
      /** `as` is the caller: the owner, the back office, or an Authorization header. */
      function write(method: string, path: string, body: Uint8Array, as = "portal") {
        const authorization =
          as === "portal"
            ? issuer.bearer("portal", OWNER)
            : as === "merchant"
              ? issuer.bearer("merchant", "backoffice")
              : as;
        return {
          method,
          path,
          headers: {
            authorization,
            "content-type": "application/json",
            "idempotency-key": `ill-${++keys}`,
          },
          body,
          refused: true,
        };
      }
      function read(path: string, authorization = issuer.bearer("portal", OWNER)) {
        return { method: "GET", path, headers: { authorization }, refused: true };
      }
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...Object.keys(places)),
          illFormed,
          async (place, text) => {
            const { refused, ...raw } = places[place]!(text);
            const res = await expectWellBehaved(raw);
            const describe = `${place} ${JSON.stringify(text)} → ${res.status} ${res.body.toString().slice(0, 300)}`;
            if (refused) {
              expect(res.status, describe).toBeGreaterThanOrEqual(400);
              expect(res.status, describe).toBeLessThan(500);
              expect(JSON.parse(res.body.toString()).type, describe).toMatch(
                /^urn:returnkit:problem:(invalid-body|invalid-token)$/,
              );
            } else {
              expect([200, 400], describe).toContain(res.status);
              if (res.status === 200) {
                const owners = JSON.parse(res.body.toString()).data.map(
                  (r: { customer_id: string }) => r.customer_id,
                );
                expect(new Set(owners), describe).toEqual(new Set(owners.length ? [OWNER] : []));
              }
            }
          },
        ),
        { numRuns: RUNS, seed: SEED + 3 },
      );
    });

    it("fuzz - every method on every route is served, or refused with 405 naming the route's methods", async () => {
      const routes = routeTable(knownId);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...routes), target.methods, async (route, method) => {
          const res = await expectWellBehaved({
            method,
            path: route.path,
            headers: credentialsFor(route),
          });
          if (route.allow.includes(method.toUpperCase())) return;
          const describe = `${method} ${route.path} → ${res.status} ${res.body.toString()}`;
          expect(res.status, describe).toBe(405);
          expect(String(res.headers.allow).split(", ").sort(), describe).toEqual(
            [...route.allow].sort(),
          );
        }),
        {
          numRuns: RUNS,
          seed: SEED + 3,
          examples: target.rawTarget ? [[routes[4]!, "TRACE"]] : [[routes[4]!, "FOO"]],
        },
      );
    });

    it("fuzz - dot segments and separators spelled any way in a route's path never reach another route", async () => {
      await fc.assert(
        fc.asyncProperty(steppingPath(target, routeTable(knownId)), async ({ route, path }) => {
          const res = await expectWellBehaved({
            method: route.allow[0]!,
            path,
            headers: credentialsFor(route),
          });
          // Through app.request the URL was resolved before any router ran: the host and
          // returnkit route on the same path, whichever it is.
          if (!target.rawTarget) return;
          const describe = `${path} → ${res.status} ${res.body.toString().slice(0, 200)}`;
          expect(res.status, describe).toBe(404);
          expect(JSON.parse(res.body.toString()).type, describe).toBe(
            "urn:returnkit:problem:route-not-found",
          );
        }),
        {
          numRuns: RUNS,
          seed: SEED + 4,
          examples: [
            [
              {
                route: routeTable(knownId)[4]!,
                path: "/v1/portal/returns/%2e%2e/%2e%2e/merchant/returns",
              },
            ],
          ],
        },
      );
    });

    it("fuzz - chunked bodies over the limit, final chunk included, get 413 and the host keeps serving", async () => {
      const writes = routeTable(knownId).filter((route) => route.allow.includes("POST"));
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...writes), oversizedChunks, async (route, chunks) => {
          const res = await expectWellBehaved({
            method: "POST",
            path: route.path,
            headers: {
              ...credentialsFor(route),
              "content-type": "application/json",
              "idempotency-key": `chunked-${chunks.length}-${Date.now()}`,
            },
            chunks,
          });
          const describe = `${route.path} in ${chunks.length} chunks → ${res.status}`;
          expect(res.status, describe).toBe(413);
          expect(JSON.parse(res.body.toString()).type, describe).toBe(
            "urn:returnkit:problem:payload-too-large",
          );
        }),
        { numRuns: Math.ceil(RUNS / 4), seed: SEED + 5 },
      );
    });

    it("fuzz - a request's estimate answers any body without a 5xx and never writes, even when it answers 200", async () => {
      const line = fc.record(
        {
          line: fc.record({
            sku: fc.oneof(fc.constant("TEE-BLK-M"), fc.string()),
            size: fc.string(),
          }),
          quantity: fc.oneof(fc.integer({ min: -2, max: 1_000 }), fc.double(), fc.string()),
          reason: fc.oneof(fc.constant(validCreate.reason), fc.string(), illFormed),
          resolution: fc.constantFrom("REFUND", "STORE_CREDIT", "EXCHANGE", "refund", ""),
          exchange_for: fc.oneof(
            fc.record({ sku: fc.oneof(fc.string({ maxLength: 70 }), illFormed) }),
            illFormed,
          ),
        },
        { requiredKeys: [] },
      );
      const validLine = fc.record({
        line: fc.record({ sku: fc.constantFrom("TEE-BLK-M", "CAP-RED"), size: fc.constant("M") }),
        quantity: fc.integer({ min: 1, max: 5 }),
        reason: fc.constant(validCreate.reason),
        resolution: fc.constantFrom("REFUND", "STORE_CREDIT"),
      });
      const validBody = fc
        .uniqueArray(validLine, { minLength: 1, maxLength: 2, selector: (l) => l.line.sku })
        .map((lines) => utf8(JSON.stringify({ order_id: validCreate.order_id, lines })));
      const estimateBody = fc.oneof(
        validBody,
        fc
          .record(
            {
              order_id: fc.oneof(fc.constant(validCreate.order_id), fc.string(), illFormed),
              lines: fc.oneof(fc.array(line, { maxLength: 60 }), fc.anything()),
              note: fc.oneof(fc.string(), illFormed),
            },
            { requiredKeys: [] },
          )
          .map((value) => utf8(JSON.stringify(value))),
        bodyArbitrary,
      );
      let estimated = 0;
      await fc.assert(
        fc.asyncProperty(estimateBody, contentType, async (body, type) => {
          const before = await storeContents(service.store);
          const res = await expectWellBehaved({
            method: "POST",
            path: "/v1/portal/return-requests/estimate",
            headers: {
              authorization: issuer.bearer("portal", OWNER),
              ...(type === undefined ? {} : { "content-type": type }),
            },
            ...(body ? { body } : {}),
          });
          const describe = `estimate → ${res.status} ${res.body.toString().slice(0, 300)}`;
          expect(await storeContents(service.store), `store changed by ${describe}`).toBe(before);
          if (res.status === 200) {
            expect(JSON.parse(res.body.toString()).object, describe).toBe(
              "return_request_estimate",
            );
            estimated++;
          }
        }),
        { numRuns: RUNS, seed: SEED + 6 },
      );
      // Some bodies were valid, so the no-write check covered answered estimates too.
      expect(estimated).toBeGreaterThan(0);
    });

    it("fuzz - the fit insights pages answer any limit, cursor, sku, from and to with 200 or a 400, and a next link answers", async () => {
      const answered = { pages: 0, refused: 0, followed: 0 };
      const merchant = { authorization: issuer.bearer("merchant", "backoffice") };
      // A second sku, in a size of its own, beside the seeded returns': pages of one have a next.
      const owner = { kind: "portal" as const, id: OWNER, scopes: ["portal:returns.write"] };
      await service.createReturn(
        { ...validCreate, order_id: "ord_insights", line: { sku: "HAT", quantity: 2, size: "L" } },
        { principal: owner, idempotencyKey: "seed-insights" },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(INSIGHTS, `${INSIGHTS}/summary`),
          insightsQuery,
          fc.constantFrom("GET", "HEAD"),
          async (route, query, method) => {
            const path = `${route}?${query}`;
            const res = await expectWellBehaved({ method, path, headers: merchant });
            const describe = `${path.slice(0, 300)} → ${res.status} ${res.body.toString().slice(0, 300)}`;
            expect([200, 400], describe).toContain(res.status);
            if (method === "HEAD") return;
            const body = JSON.parse(res.body.toString());
            if (res.status === 400) {
              answered.refused++;
              expect(body.type, describe).toBe("urn:returnkit:problem:invalid-query");
              return;
            }
            answered.pages++;
            const limit = new URLSearchParams(query).get("limit");
            expect(body.data.length, describe).toBeLessThanOrEqual(Number(limit ?? 20) || 20);
            const next: string | undefined = body._links.next?.href;
            expect(next === undefined, describe).toBe(body.next_cursor === null);
            if (next === undefined) return;
            const following = await expectWellBehaved({
              method: "GET",
              path: next.slice(next.indexOf("/v1/")),
              headers: merchant,
            });
            expect(following.status, `${describe}, then ${next}`).toBe(200);
            answered.followed++;
          },
        ),
        {
          numRuns: RUNS,
          seed: SEED + 7,
          examples: [
            [INSIGHTS, "limit=1", "GET"],
            [`${INSIGHTS}/summary`, `limit=1&cursor=${cursorOf([0, "\u0000"])}`, "GET"],
          ],
        },
      );
      // Queries of every kind were drawn: answered pages, next links followed, refusals.
      expect(answered.pages).toBeGreaterThan(0);
      expect(answered.followed).toBeGreaterThan(0);
      expect(answered.refused).toBeGreaterThan(0);
    });

    it("fuzz - a valid create still succeeds after the fuzzing", async () => {
      const res = await mounted.send({
        method: "POST",
        path: "/v1/portal/returns",
        headers: {
          authorization: issuer.bearer("portal", OWNER),
          "content-type": "application/json",
          "idempotency-key": `after-fuzz-${Date.now()}`,
        },
        body: utf8(JSON.stringify(validCreate)),
      });
      expect(res.status, res.body.toString()).toBe(201);
      expect(JSON.parse(res.body.toString())).toMatchObject({ state: "draft", customer_id: OWNER });
      expect(validRequests).toBeGreaterThanOrEqual(2 * RUNS);
      // The fuzzing reached every layer: auth, routing, body reading, validation,
      // idempotency, the state machine — and some requests were valid and succeeded.
      const slugs = [...reached.keys()];
      for (const expected of [
        /^20[01]$/,
        /^401 unauthenticated$/,
        /^401 invalid-token$/,
        /^404 route-not-found$/,
        /^405 method-not-allowed$/,
        /^400 invalid-body$/,
        /^400 idempotency-key-/,
        /^409 invalid-transition$/,
        /^413 payload-too-large$/,
        /^415 unsupported-media-type$/,
      ]) {
        expect(
          slugs.some((slug) => expected.test(slug)),
          `${expected} in ${slugs.join(", ")}`,
        ).toBe(true);
      }
      console.log(`${target.name}: outcomes reached`, Object.fromEntries([...reached].sort()));
      expect(reported).toEqual([]);
    });
  });
}
