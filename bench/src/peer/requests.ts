/**
 * @module bench/peer/requests — the peer's return requests, as a careful user would write them
 * for the production rows: `POST /v1/portal/return-requests` creates a draft return per line,
 * all checked against the order under its lock (./orders.ts) and written in one transaction
 * with one key; `POST …/{id}/submit` submits every draft of the caller's request at once.
 */
import { randomUUID } from "node:crypto";
import type { Hono } from "hono";
import type pg from "pg";
import { z } from "zod";
import { checkOrder } from "./orders";
import { problem } from "./problem";
import {
  type Changed,
  draftReturn,
  insertReturns,
  type Row,
  submitted,
  updateReturns,
  type Write,
} from "./returns";

const RequestBody = z.object({
  order_id: z.string().min(1),
  lines: z
    .array(
      z.object({
        line: z.object({ sku: z.string().min(1), size: z.string().nullable().optional() }),
        quantity: z.int().min(1),
        reason: z.string().min(1),
        resolution: z.enum(["REFUND", "EXCHANGE", "STORE_CREDIT"]),
      }),
    )
    .min(1)
    .max(50),
});
const SubmitBody = z.object({}).strict();

interface RequestRouteOptions {
  schema: string;
  /** The caller's customer id from the Authorization header, or undefined (401). */
  customer(header: string | undefined): Promise<string | undefined>;
  write: Write;
}

/** A request's answer: its id and order, and its returns as they now stand. */
function requestBody(id: string, who: string, orderId: string, returns: Row[]): Changed["body"] {
  const created_at = returns[0]?.created_at ?? new Date().toISOString();
  return { id, object: "return_request", order_id: orderId, customer_id: who, created_at, returns };
}

/** Parses a keyed POST's body with `schema`: the caller, key and parsed body, or a refusal. */
async function keyedPost<T>(
  c: { req: { header(name: string): string | undefined; text(): Promise<string> } },
  options: RequestRouteOptions,
  schema: z.ZodType<T>,
): Promise<Response | { who: string; key: string; text: string; input: T }> {
  const who = await options.customer(c.req.header("authorization"));
  if (!who) return problem(401, "Unauthorized");
  const key = c.req.header("idempotency-key");
  if (!key) return problem(400, "Idempotency-Key required");
  const text = await c.req.text();
  let parsed: z.ZodSafeParseResult<T>;
  try {
    parsed = schema.safeParse(JSON.parse(text));
  } catch {
    return problem(400, "Malformed JSON");
  }
  if (!parsed.success) return problem(422, "Invalid body");
  return { who, key, text, input: parsed.data };
}

export function requestRoutes(app: Hono, options: RequestRouteOptions): void {
  const s = `"${options.schema}"`;
  app.post("/v1/portal/return-requests", async (c) => {
    const post = await keyedPost(c, options, RequestBody);
    if (post instanceof Response) return post;
    const { who, key, text, input } = post;
    return options.write(who, key, `request:${text}`, async (client) => {
      const asked = input.lines.map((l) => ({
        ...l.line,
        size: l.line.size ?? null,
        quantity: l.quantity,
      }));
      const refused = await checkOrder(client, options.schema, who, input.order_id, asked);
      if (refused) return refused;
      const id = `rrq_${randomUUID()}`;
      const returns = input.lines.map((l) =>
        draftReturn(
          who,
          { ...l, order_id: input.order_id, line: { ...l.line, quantity: l.quantity } },
          id,
        ),
      );
      await insertReturns(client, s, returns);
      return { status: 201, body: requestBody(id, who, input.order_id, returns), changed: returns };
    });
  });
  app.post("/v1/portal/return-requests/:id/submit", async (c) => {
    const post = await keyedPost(c, options, SubmitBody);
    if (post instanceof Response) return post;
    const { who, key, text } = post;
    const id = c.req.param("id");
    return options.write(
      who,
      key,
      `submit-request:${id}:${text}`,
      async (client: pg.PoolClient) => {
        const { rows } = await client.query(
          `SELECT data FROM ${s}.returns WHERE request_id = $1 AND customer_id = $2 ORDER BY id FOR UPDATE`,
          [id, who],
        );
        const current = rows.map((row) => row.data as Row);
        if (current.length === 0) return problem(404, "Not found");
        const drafts = current.filter((r) => r.state === "draft");
        if (drafts.length === 0) return problem(409, "Nothing to submit");
        const next = drafts.map(submitted);
        await updateReturns(client, s, next);
        const byId = new Map(next.map((r) => [r.id, r]));
        const returns = current.map((r) => byId.get(r.id) ?? r);
        return {
          status: 200,
          body: requestBody(id, who, current[0]!.order_id as string, returns),
          changed: next,
        };
      },
    );
  });
}
