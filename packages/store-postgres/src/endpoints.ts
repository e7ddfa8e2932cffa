/**
 * @module endpoints — webhook and subscriber endpoints: the rows commits fan deliveries out
 * to (a subscriber's row has no url or secrets).
 */
import type { OutboxEndpoint } from "@returnkit/core";
import type { StoreContext } from "./context";
import { ENDPOINT_COLUMNS, type EndpointRow, toEndpoint } from "./rows";

export async function saveEndpoint(ctx: StoreContext, endpoint: OutboxEndpoint): Promise<void> {
  const { kind, id, types, enabled, disabled_reason: reason, created_at: created } = endpoint;
  const [url, secrets, until] =
    endpoint.kind === "webhook"
      ? [endpoint.url, JSON.stringify(endpoint.secrets), endpoint.previous_secrets_until]
      : [null, null, null];
  await ctx.db.query(
    `INSERT INTO ${ctx.names.table("endpoints")} (${ENDPOINT_COLUMNS})
     VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8, $9)
     ON CONFLICT (id) DO UPDATE
       SET kind = excluded.kind, url = excluded.url, secrets = excluded.secrets,
           types = excluded.types, enabled = excluded.enabled,
           disabled_reason = excluded.disabled_reason, created_at = excluded.created_at,
           previous_secrets_until = excluded.previous_secrets_until`,
    [kind, id, url, secrets, types && JSON.stringify(types), enabled, reason, created, until],
  );
}

export async function listEndpoints(ctx: StoreContext): Promise<OutboxEndpoint[]> {
  const rows = await ctx.db.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM ${ctx.names.table("endpoints")} ORDER BY created_at, id`,
    undefined,
    { read: true },
  );
  return rows.map(toEndpoint);
}

/**
 * One statement, so the endpoint and its pending deliveries go together. A commit already
 * running when the endpoint goes may still add a pending delivery for it; no claim and no
 * `nextDeliveryDueAt` ever sees such a delivery, because both join the endpoints table.
 */
export async function removeEndpoint(ctx: StoreContext, id: string): Promise<boolean> {
  const rows = await ctx.db.query<{ removed: number | string }>(
    `WITH removed AS (
       DELETE FROM ${ctx.names.table("endpoints")} WHERE id = $1 RETURNING id
     ),
     dropped AS (
       DELETE FROM ${ctx.names.table("deliveries")} WHERE endpoint_id = $1 AND status = 'pending' RETURNING id
     )
     SELECT (SELECT count(*) FROM removed) AS removed, (SELECT count(*) FROM dropped) AS dropped`,
    [id],
  );
  return Number(rows[0]!.removed) > 0;
}

export async function disableEndpoint(
  ctx: StoreContext,
  id: string,
  reason: string,
): Promise<void> {
  await ctx.db.query(
    `UPDATE ${ctx.names.table("endpoints")} SET enabled = false, disabled_reason = $2 WHERE id = $1`,
    [id, reason],
  );
}
