/**
 * @module endpoints — webhook and subscriber endpoints: the rows commits fan deliveries out
 * to (a subscriber's row has no url, secrets or owner). Each write takes a new `version`
 * from one sequence; a conditional write or removal names the version it was computed from
 * in its WHERE clause, so of two racing changes the row lock lets exactly one through.
 */
import type {
  EndpointWrite,
  EndpointWriteResult,
  OutboxEndpoint,
  VersionedEndpoint,
} from "@returnkit/core/store";
import type { StoreContext } from "./context";
import { ENDPOINT_COLUMNS, type EndpointRow, toEndpoint } from "./rows";

/** `$1`…`$9` in ENDPOINT_COLUMNS order, and the values for them. */
const ENDPOINT_VALUES = "$1, $2, $3, $4::jsonb, $5, $6::jsonb, $7, $8, $9";

function endpointValues(endpoint: OutboxEndpoint): unknown[] {
  const { kind, id, types, enabled, disabled_reason: reason, created_at: created } = endpoint;
  const [url, secrets, managedBy] =
    endpoint.kind === "webhook"
      ? [endpoint.url, JSON.stringify(endpoint.secrets), endpoint.managed_by]
      : [null, null, null];
  return [
    kind,
    id,
    url,
    secrets,
    managedBy,
    types && JSON.stringify(types),
    enabled,
    reason,
    created,
  ];
}

const nextVersion = (ctx: StoreContext) => `nextval('${ctx.names.table("endpoint_versions")}')`;

export async function saveEndpoint(ctx: StoreContext, endpoint: OutboxEndpoint): Promise<void> {
  await ctx.db.query(
    `INSERT INTO ${ctx.names.table("endpoints")} (${ENDPOINT_COLUMNS})
     VALUES (${ENDPOINT_VALUES})
     ON CONFLICT (id) DO UPDATE
       SET kind = excluded.kind, url = excluded.url, secrets = excluded.secrets,
           managed_by = excluded.managed_by, types = excluded.types, enabled = excluded.enabled,
           disabled_reason = excluded.disabled_reason, created_at = excluded.created_at,
           version = ${nextVersion(ctx)}`,
    endpointValues(endpoint),
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

export async function getEndpoint(
  ctx: StoreContext,
  id: string,
): Promise<VersionedEndpoint | null> {
  const [row] = await ctx.db.query<EndpointRow & { version: string | number }>(
    `SELECT ${ENDPOINT_COLUMNS}, version FROM ${ctx.names.table("endpoints")} WHERE id = $1`,
    [id],
    { read: true },
  );
  return row ? { endpoint: toEndpoint(row), version: Number(row.version) } : null;
}

/** An insert that does nothing when the id is taken, or an update of the version read. */
export async function writeEndpoint(
  ctx: StoreContext,
  { next, expectedVersion }: EndpointWrite,
): Promise<EndpointWriteResult> {
  const table = ctx.names.table("endpoints");
  const written =
    expectedVersion === null
      ? await ctx.db.query<{ version: string }>(
          `INSERT INTO ${table} (${ENDPOINT_COLUMNS}) VALUES (${ENDPOINT_VALUES})
           ON CONFLICT (id) DO NOTHING RETURNING version`,
          endpointValues(next),
        )
      : await ctx.db.query<{ version: string }>(
          `UPDATE ${table}
           SET (${ENDPOINT_COLUMNS}, version) = (${ENDPOINT_VALUES}, ${nextVersion(ctx)})
           WHERE id = $2 AND version = $10::bigint
           RETURNING version`,
          [...endpointValues(next), expectedVersion],
        );
  if (written[0]) return { ok: true, version: Number(written[0].version) };
  if (expectedVersion === null) return { ok: false, reason: "already_exists" };
  return { ok: false, reason: "version_conflict", current: await getEndpoint(ctx, next.id) };
}

/**
 * One statement, so the endpoint, its pending deliveries and the mark on its dead ones go
 * together. A commit already running when the endpoint goes may still add a pending delivery
 * for it; no claim and no `nextDeliveryDueAt` ever sees such a delivery, because both join
 * the endpoints table.
 */
export async function removeEndpoint(
  ctx: StoreContext,
  id: string,
  expectedVersion?: number,
): Promise<boolean> {
  const deliveries = ctx.names.table("deliveries");
  const rows = await ctx.db.query<{ removed: number | string }>(
    `WITH removed AS (
       DELETE FROM ${ctx.names.table("endpoints")}
       WHERE id = $1 AND ($2::bigint IS NULL OR version = $2::bigint) RETURNING id
     ),
     dropped AS (
       DELETE FROM ${deliveries} WHERE endpoint_id = $1 AND status = 'pending'
         AND ($2::bigint IS NULL OR EXISTS (SELECT 1 FROM removed)) RETURNING id
     ),
     orphaned AS (
       UPDATE ${deliveries} SET endpoint_removed = true
       WHERE endpoint_id = $1 AND status = 'dead' AND EXISTS (SELECT 1 FROM removed) RETURNING id
     )
     SELECT (SELECT count(*) FROM removed) AS removed, (SELECT count(*) FROM dropped) AS dropped,
            (SELECT count(*) FROM orphaned) AS orphaned`,
    [id, expectedVersion ?? null],
  );
  return Number(rows[0]!.removed) > 0;
}

export async function disableEndpoint(
  ctx: StoreContext,
  id: string,
  reason: string,
): Promise<void> {
  await ctx.db.query(
    `UPDATE ${ctx.names.table("endpoints")}
     SET enabled = false, disabled_reason = $2, version = ${nextVersion(ctx)} WHERE id = $1`,
    [id, reason],
  );
}
