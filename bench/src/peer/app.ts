/**
 * @module bench/peer/app — what a careful user would write by hand instead of returnkit:
 * Hono + zod + `pg`, the same JSON in and out for create and submit, each write one
 * transaction that stores the return row, a history row, the idempotency key with its
 * response, and an outbox row. The baseline of the PostgreSQL rows of the http bench.
 */
import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from "jose";
import type pg from "pg";
import { z } from "zod";

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
}

/** Creates the peer's four tables in `schema`. */
export async function initPeer(pool: pg.Pool, schema: string): Promise<void> {
  const s = `"${schema}"`;
  await pool.query(`CREATE SCHEMA IF NOT EXISTS ${s};
    CREATE TABLE IF NOT EXISTS ${s}.returns (id text PRIMARY KEY, customer_id text NOT NULL,
      state text NOT NULL, version int NOT NULL, data jsonb NOT NULL);
    CREATE TABLE IF NOT EXISTS ${s}.return_history (return_id text NOT NULL, version int NOT NULL,
      state text NOT NULL, at timestamptz NOT NULL, PRIMARY KEY (return_id, version));
    CREATE TABLE IF NOT EXISTS ${s}.idempotency_keys (customer_id text NOT NULL, key text NOT NULL,
      fingerprint text NOT NULL, status int NOT NULL, response jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (customer_id, key));
    CREATE TABLE IF NOT EXISTS ${s}.outbox (id bigserial PRIMARY KEY, type text NOT NULL,
      payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now());`);
}

const problem = (status: number, title: string) =>
  new Response(JSON.stringify({ type: "about:blank", title, status }), {
    status,
    headers: { "content-type": "application/problem+json" },
  });

type Row = Record<string, unknown> & { id: string; version: number; state: string };

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

  /** One transaction: the change, its history row, the key with the answer, the outbox row. */
  const write = async (
    who: string,
    key: string,
    fingerprint: string,
    change: (client: pg.PoolClient) => Promise<{ status: number; body: Row } | Response>,
  ): Promise<Response> => {
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
      const { body } = outcome;
      await client.query(
        `INSERT INTO ${s}.return_history (return_id, version, state, at) VALUES ($1, $2, $3, now())`,
        [body.id, body.version, body.state],
      );
      await client.query(
        `UPDATE ${s}.idempotency_keys SET status = $3, response = $4 WHERE customer_id = $1 AND key = $2`,
        [who, key, outcome.status, body],
      );
      await client.query(`INSERT INTO ${s}.outbox (type, payload) VALUES ($1, $2)`, [
        body.version === 1 ? "return.created" : "return.submitted",
        body,
      ]);
      await client.query("COMMIT");
      return Response.json(body, { status: outcome.status });
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
      const now = new Date().toISOString();
      const body: Row = {
        id: `ret_${randomUUID()}`,
        object: "return",
        order_id: input.order_id,
        line: { sku: input.line.sku, quantity: input.line.quantity, size: input.line.size ?? null },
        order_line: null,
        reason: input.reason,
        resolution: input.resolution,
        exchange_for: input.exchange_for ?? null,
        state: "draft",
        flagged_from: null,
        grade: null,
        shipment: null,
        customer_id: who,
        version: 1,
        created_at: now,
        updated_at: now,
        history: [{ state: "draft", at: now }],
      };
      await client.query(
        `INSERT INTO ${s}.returns (id, customer_id, state, version, data) VALUES ($1, $2, $3, 1, $4)`,
        [body.id, who, body.state, body],
      );
      return { status: 201, body };
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
      const now = new Date().toISOString();
      const history = [...(current.history as unknown[]), { state: "submitted", at: now }];
      const body: Row = {
        ...current,
        state: "submitted",
        version: current.version + 1,
        updated_at: now,
        history,
      };
      await client.query(
        `UPDATE ${s}.returns SET state = $2, version = $3, data = $4 WHERE id = $1`,
        [id, body.state, body.version, body],
      );
      return { status: 200, body };
    });
  });
  return app;
}
