/**
 * @module bench/peer/app — what a careful user would write by hand instead of returnkit:
 * Hono + zod + `pg`, the same JSON in and out for create and submit, each write one
 * transaction that stores the return rows, a history row and an outbox row per return changed,
 * and the idempotency key with its response. The baseline of the PostgreSQL rows of the http
 * bench. With `orders` (the production rows) it also takes return requests of several lines
 * (./requests.ts) and checks every return against the shop's orders (./orders.ts).
 */
import { Hono } from "hono";
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from "jose";
import type pg from "pg";
import { z } from "zod";
import { checkOrder } from "./orders";
import { problem } from "./problem";
import { requestRoutes } from "./requests";
import {
  draftReturn,
  insertReturns,
  type Row,
  submitted,
  updateReturns,
  type Write,
} from "./returns";

const CreateBody = z.object({
  order_id: z.string().min(1),
  line: z.object({
    sku: z.string().min(1),
    quantity: z.int().min(1),
    size: z.string().nullable().optional(),
  }),
  reason: z.string().min(1),
  resolution: z.enum(["REFUND", "EXCHANGE", "STORE_CREDIT"]),
  exchange_for: z.object({ sku: z.string().min(1) }).optional(),
});
const SubmitBody = z.object({}).strict();

interface PeerOptions {
  pool: pg.Pool;
  schema: string;
  issuer: string;
  audience: string;
  jwks: JSONWebKeySet;
  /** Check returns against the shop's orders in `schema` (support/shop-orders.ts). */
  orders?: boolean;
}

/**
 * Creates the peer's four tables in `schema`. The returns carry what the order checks read
 * (order, line, quantity) and their request, each looked up by an index.
 */
export async function initPeer(pool: pg.Pool, schema: string): Promise<void> {
  const s = `"${schema}"`;
  await pool.query(`CREATE SCHEMA IF NOT EXISTS ${s};
    CREATE TABLE IF NOT EXISTS ${s}.returns (id text PRIMARY KEY, customer_id text NOT NULL,
      state text NOT NULL, version int NOT NULL, order_id text NOT NULL, sku text NOT NULL,
      size text, quantity int NOT NULL, request_id text, data jsonb NOT NULL);
    CREATE INDEX IF NOT EXISTS returns_order_idx ON ${s}.returns (order_id);
    CREATE INDEX IF NOT EXISTS returns_request_idx ON ${s}.returns (request_id)
      WHERE request_id IS NOT NULL;
    CREATE TABLE IF NOT EXISTS ${s}.return_history (return_id text NOT NULL, version int NOT NULL,
      state text NOT NULL, at timestamptz NOT NULL, PRIMARY KEY (return_id, version));
    CREATE TABLE IF NOT EXISTS ${s}.idempotency_keys (customer_id text NOT NULL, key text NOT NULL,
      fingerprint text NOT NULL, status int NOT NULL, response jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (customer_id, key));
    CREATE TABLE IF NOT EXISTS ${s}.outbox (id bigserial PRIMARY KEY, type text NOT NULL,
      payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now());`);
}

/** The peer's Hono app: POST /v1/portal/returns and POST /v1/portal/returns/:id/submit. */
export function peerApp(options: PeerOptions): Hono {
  const s = `"${options.schema}"`;
  const keys = createLocalJWKSet(options.jwks);
  // Verified tokens kept until they expire, as returnkit does: a careful user would too.
  const verified = new Map<string, { sub: string; exp: number }>();
  const customer = async (header: string | undefined): Promise<string | undefined> => {
    const token = header?.startsWith("Bearer ") ? header.slice(7) : undefined;
    if (!token) return undefined;
    const hit = verified.get(token);
    if (hit && hit.exp * 1000 > Date.now()) return hit.sub;
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        typ: "at+jwt",
      });
      if (!payload.sub || !payload.exp) return undefined;
      verified.set(token, { sub: payload.sub, exp: payload.exp });
      return payload.sub;
    } catch {
      return undefined;
    }
  };

  /** One transaction: the key claimed, the change, history and outbox rows, the answer kept. */
  const write: Write = async (who, key, fingerprint, change) => {
    const client = await options.pool.connect();
    try {
      await client.query("BEGIN");
      const claimed = await client.query(
        `INSERT INTO ${s}.idempotency_keys (customer_id, key, fingerprint, status, response)
         VALUES ($1, $2, $3, 0, 'null') ON CONFLICT DO NOTHING`,
        [who, key, fingerprint],
      );
      if (claimed.rowCount === 0) {
        await client.query("ROLLBACK");
        const { rows } = await options.pool.query(
          `SELECT fingerprint, status, response FROM ${s}.idempotency_keys WHERE customer_id = $1 AND key = $2`,
          [who, key],
        );
        const stored = rows[0] as { fingerprint: string; status: number; response: unknown };
        if (stored.fingerprint !== fingerprint) return problem(422, "Idempotency key reused");
        return Response.json(stored.response, { status: stored.status });
      }
      const outcome = await change(client);
      if (outcome instanceof Response) {
        await client.query("ROLLBACK");
        return outcome;
      }
      const { changed } = outcome;
      await client.query(
        `INSERT INTO ${s}.return_history (return_id, version, state, at)
         SELECT *, now() FROM unnest($1::text[], $2::int[], $3::text[])`,
        [changed.map((r) => r.id), changed.map((r) => r.version), changed.map((r) => r.state)],
      );
      await client.query(
        `UPDATE ${s}.idempotency_keys SET status = $3, response = $4 WHERE customer_id = $1 AND key = $2`,
        [who, key, outcome.status, JSON.stringify(outcome.body)],
      );
      await client.query(
        `INSERT INTO ${s}.outbox (type, payload) SELECT * FROM unnest($1::text[], $2::jsonb[])`,
        [
          changed.map((r) => (r.version === 1 ? "return.created" : "return.submitted")),
          changed.map((r) => JSON.stringify(r)),
        ],
      );
      await client.query("COMMIT");
      return Response.json(outcome.body, { status: outcome.status });
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };

  const app = new Hono();
  app.post("/v1/portal/returns", async (c) => {
    const who = await customer(c.req.header("authorization"));
    if (!who) return problem(401, "Unauthorized");
    const key = c.req.header("idempotency-key");
    if (!key) return problem(400, "Idempotency-Key required");
    const text = await c.req.text();
    let parsed: ReturnType<typeof CreateBody.safeParse>;
    try {
      parsed = CreateBody.safeParse(JSON.parse(text));
    } catch {
      return problem(400, "Malformed JSON");
    }
    if (!parsed.success) return problem(422, "Invalid body");
    const input = parsed.data;
    return write(who, key, `create:${text}`, async (client) => {
      const asked = [{ ...input.line, size: input.line.size ?? null }];
      const refused =
        options.orders && (await checkOrder(client, options.schema, who, input.order_id, asked));
      if (refused) return refused;
      const body = draftReturn(who, input, null);
      await insertReturns(client, s, [body]);
      return { status: 201, body, changed: [body] };
    });
  });
  app.post("/v1/portal/returns/:id/submit", async (c) => {
    const who = await customer(c.req.header("authorization"));
    if (!who) return problem(401, "Unauthorized");
    const key = c.req.header("idempotency-key");
    if (!key) return problem(400, "Idempotency-Key required");
    const text = await c.req.text();
    try {
      if (!SubmitBody.safeParse(JSON.parse(text)).success) return problem(422, "Invalid body");
    } catch {
      return problem(400, "Malformed JSON");
    }
    const id = c.req.param("id");
    return write(who, key, `submit:${id}:${text}`, async (client) => {
      const { rows } = await client.query(
        `SELECT data FROM ${s}.returns WHERE id = $1 AND customer_id = $2 FOR UPDATE`,
        [id, who],
      );
      const current = rows[0]?.data as Row | undefined;
      if (!current) return problem(404, "Not found");
      if (current.state !== "draft") return problem(409, "Not a draft");
      const body = submitted(current);
      await updateReturns(client, s, [body]);
      return { status: 200, body, changed: [body] };
    });
  });
  if (options.orders) requestRoutes(app, { schema: options.schema, customer, write });
  return app;
}
