/**
 * @module testing/http-cases/bad-input — a battery of malformed requests (bodies, media types,
 * text a store cannot hold, keys, ids, queries, tokens): each a 4xx problem that changes
 * nothing, never a 500. Bodies and headers are what a mount handles, so every mount runs it.
 */
import { describe, expect, it } from "vitest";
import { validCreate } from "../fixtures";
import { type ServeService, storeContents } from "../http-client";

/** Every malformed request is a 4xx problem and the store is left as it was. */
export function describeBadInput(serve: ServeService): void {
  describe("bad input", () => {
    it("bad input - every malformed request is a 4xx problem and changes nothing", async () => {
      const { send, store, create, merchant } = await serve();
      const r = await create();
      const before = await storeContents(store);
      const deep = "[".repeat(5000) + "]".repeat(5000);
      const cases: {
        name: string;
        method: string;
        path: string;
        opts: Parameters<typeof send>[2];
        status: number;
      }[] = [
        {
          name: "malformed JSON",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { raw: '{"order_id":', headers: { "content-type": "application/json" } },
          status: 400,
        },
        {
          name: "wrong types",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: { ...validCreate, line: { sku: 5, quantity: "one" } } },
          status: 400,
        },
        {
          name: "unknown field",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: { ...validCreate, discount: 10 } },
          status: 400,
        },
        {
          name: "__proto__ key",
          method: "POST",
          path: "/v1/portal/returns",
          opts: {
            raw: `{"__proto__":{"admin":true},${JSON.stringify(validCreate).slice(1)}`,
            headers: { "content-type": "application/json" },
          },
          status: 400,
        },
        {
          name: "constructor key",
          method: "POST",
          path: "/v1/portal/returns",
          opts: {
            raw: `{"constructor":{"prototype":{"x":1}},${JSON.stringify(validCreate).slice(1)}`,
            headers: { "content-type": "application/json" },
          },
          status: 400,
        },
        {
          name: "1 MB body",
          method: "POST",
          path: "/v1/portal/returns",
          opts: {
            raw: JSON.stringify({ ...validCreate, pad: "x".repeat(1 << 20) }),
            headers: { "content-type": "application/json" },
          },
          status: 413,
        },
        {
          name: "deep nesting",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { raw: deep, headers: { "content-type": "application/json" } },
          status: 400,
        },
        {
          name: "array body",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: [validCreate] },
          status: 400,
        },
        {
          name: "null body",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { raw: "null", headers: { "content-type": "application/json" } },
          status: 400,
        },
        {
          name: "empty body",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { raw: "", headers: { "content-type": "application/json" } },
          status: 400,
        },
        {
          name: "wrong content type",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { raw: JSON.stringify(validCreate), headers: { "content-type": "text/plain" } },
          status: 415,
        },
        {
          name: "form body",
          method: "POST",
          path: "/v1/portal/returns",
          opts: {
            raw: "order_id=1",
            headers: { "content-type": "application/x-www-form-urlencoded" },
          },
          status: 415,
        },
        {
          name: "invalid UTF-8",
          method: "POST",
          path: "/v1/portal/returns",
          opts: {
            raw: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
            headers: { "content-type": "application/json" },
          },
          status: 400,
        },
        {
          name: "unknown reason",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: { ...validCreate, reason: "TOO_BLUE" } },
          status: 400,
        },
        {
          name: "exchange size with refund",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: { ...validCreate, resolution: "REFUND" } },
          status: 400,
        },
        {
          name: "exchange for an empty sku",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: { ...validCreate, exchange_for: { sku: "" } } },
          status: 400,
        },
        {
          name: "oversized order id",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: { ...validCreate, order_id: "o".repeat(129) } },
          status: 400,
        },
        // PostgreSQL's text cannot hold NUL: refused up front, for every store alike.
        {
          name: "NUL in order id",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: { ...validCreate, order_id: "ord\u0000-1" } },
          status: 400,
        },
        {
          name: "NUL in a note",
          method: "POST",
          path: `/v1/merchant/returns/${r.id}/flag`,
          opts: { body: { note: "look\u0000" }, token: merchant },
          status: 400,
        },
        {
          name: "NUL in a list filter",
          method: "GET",
          path: "/v1/portal/returns?order_id=ord%00",
          opts: {},
          status: 400,
        },
        {
          name: "NUL in a cursor",
          method: "GET",
          path: "/v1/merchant/returns?cursor=ret_%00",
          opts: { token: merchant },
          status: 400,
        },
        // Nor can it hold a lone surrogate (it keeps U+FFFD instead), which a JSON escape
        // carries into any string: refused like NUL.
        ...illFormedBodies(r.id, merchant).map((c) => ({ ...c, status: 400 })),
        {
          name: "zero quantity",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: { ...validCreate, line: { sku: "A", quantity: 0 } } },
          status: 400,
        },
        {
          name: "empty key",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: validCreate, key: "" },
          status: 400,
        },
        {
          name: "oversized key",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: validCreate, key: "k".repeat(256) },
          status: 400,
        },
        {
          name: "non-ASCII key",
          method: "POST",
          path: "/v1/portal/returns",
          opts: { body: validCreate, key: "kéy" },
          status: 400,
        },
        {
          name: "invalid id",
          method: "GET",
          path: "/v1/portal/returns/not-an-id",
          opts: {},
          status: 404,
        },
        {
          name: "encoded traversal id",
          method: "GET",
          path: "/v1/portal/returns/..%2F..%2Fetc",
          opts: {},
          status: 404,
        },
        {
          name: "unknown return",
          method: "POST",
          path: "/v1/merchant/returns/ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C/approve",
          opts: { token: merchant },
          status: 404,
        },
        {
          name: "note too long",
          method: "POST",
          path: `/v1/merchant/returns/${r.id}/flag`,
          opts: { token: merchant, body: { note: "n".repeat(501) } },
          status: 400,
        },
        {
          name: "unknown event field",
          method: "POST",
          path: `/v1/portal/returns/${r.id}/submit`,
          opts: { body: { state: "closed" } },
          status: 400,
        },
        {
          name: "bad grade enum",
          method: "POST",
          path: `/v1/merchant/returns/${r.id}/grade`,
          opts: { token: merchant, body: { condition: "SHINY" } },
          status: 400,
        },
        {
          name: "empty patch",
          method: "PATCH",
          path: `/v1/portal/returns/${r.id}`,
          opts: { body: {} },
          status: 400,
        },
        { name: "unknown route", method: "GET", path: "/v1/portal/refunds", opts: {}, status: 404 },
        {
          name: "wrong method",
          method: "DELETE",
          path: `/v1/portal/returns/${r.id}`,
          opts: {},
          status: 405,
        },
        {
          name: "bad limit",
          method: "GET",
          path: "/v1/portal/returns?limit=100000",
          opts: {},
          status: 400,
        },
        {
          name: "unknown query param",
          method: "GET",
          path: "/v1/portal/returns?sort=asc",
          opts: {},
          status: 400,
        },
        {
          name: "garbage token",
          method: "GET",
          path: "/v1/portal/returns",
          opts: { token: "Bearer ???" },
          status: 401,
        },
      ];
      for (const c of cases) {
        const res = await send(c.method, c.path, c.opts);
        expect(res.status, `${c.name}: ${res.text.slice(0, 300)}`).toBe(c.status);
        expect(res.headers.get("content-type"), c.name).toBe("application/problem+json");
        expect(res.json, c.name).toMatchObject({
          type: expect.stringMatching(/^urn:returnkit:problem:/),
          status: c.status,
          title: expect.any(String),
          detail: expect.any(String),
        });
        if (
          c.status === 400 &&
          c.name !== "empty key" &&
          c.name !== "oversized key" &&
          c.name !== "non-ASCII key"
        ) {
          expect(Array.isArray(res.json.errors), c.name).toBe(true);
        }
      }
      expect(await storeContents(store)).toBe(before);
      expect(Object.prototype).not.toHaveProperty("admin");
      // Still serving after the battery.
      const after = await send("GET", `/v1/portal/returns/${r.id}`, {});
      expect(after.status).toBe(200);
    });
  });
}

/** Lone high and low surrogates, and a pair in the wrong order: none is Unicode text. */
const ILL_FORMED = ["\ud800", "x\udfff", "\udc00\ud800"];

/** A write carrying ill-formed text in each field a caller may fill in. */
function illFormedBodies(id: string, merchant: string) {
  const create = (body: unknown) => ({
    method: "POST",
    path: "/v1/portal/returns",
    opts: { body },
  });
  const merchantEvent = (event: string, body: unknown) => ({
    method: "POST",
    path: `/v1/merchant/returns/${id}/${event}`,
    opts: { body, token: merchant },
  });
  return ILL_FORMED.flatMap((text) => [
    { name: `${JSON.stringify(text)} in order id`, ...create({ ...validCreate, order_id: text }) },
    {
      name: `${JSON.stringify(text)} in sku`,
      ...create({ ...validCreate, line: { ...validCreate.line, sku: text } }),
    },
    {
      name: `${JSON.stringify(text)} in size`,
      ...create({ ...validCreate, line: { ...validCreate.line, size: text } }),
    },
    {
      name: `${JSON.stringify(text)} in the sku exchanged for`,
      ...create({ ...validCreate, exchange_for: { sku: text } }),
    },
    {
      name: `${JSON.stringify(text)} in a patched sku exchanged for`,
      method: "PATCH",
      path: `/v1/portal/returns/${id}`,
      opts: { body: { exchange_for: { sku: text } } },
    },
    { name: `${JSON.stringify(text)} in a note`, ...merchantEvent("flag", { note: text }) },
    { name: `${JSON.stringify(text)} in a carrier`, ...merchantEvent("ship", { carrier: text }) },
    {
      name: `${JSON.stringify(text)} in a tracking number`,
      ...merchantEvent("ship", { tracking_number: text }),
    },
  ]);
}
