/**
 * @module migrations/001_initial — the tables. Times the store compares are epoch ms in
 * `bigint`; ISO strings are kept as text, and JSON as `json` (verbatim: key order survives).
 */
import type { SqlNames } from "../names";

export const name = "initial";

export function sql(n: SqlNames): string {
  const returns = n.table("returns");
  const events = n.table("outbox_events");
  const endpoints = n.table("endpoints");
  const deliveries = n.table("deliveries");
  const keys = n.table("idempotency_keys");
  const endpointVersions = n.table("endpoint_versions");
  return `
-- Ids sort in code-unit order ("C"), as listReturns' cursor and JavaScript compare them.
CREATE TABLE ${returns} (
  id          text COLLATE "C" PRIMARY KEY,
  version     integer NOT NULL,
  state       text NOT NULL,
  customer_id text NOT NULL,
  order_id    text NOT NULL,
  record      json NOT NULL,
  snapshot    json NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- listReturns: each filter, newest first (a btree scans backwards for id DESC).
CREATE INDEX ${n.index("returns_customer_idx")} ON ${returns} (customer_id, id);
CREATE INDEX ${n.index("returns_state_idx")} ON ${returns} (state, id);
CREATE INDEX ${n.index("returns_order_idx")} ON ${returns} (order_id, id);

-- position comes from its own sequence, in insert order; nothing looks an event up by it alone.
CREATE TABLE ${events} (
  id         text PRIMARY KEY,
  position   bigserial NOT NULL,
  return_id  text COLLATE "C" NOT NULL,
  seq        integer NOT NULL,
  type       text NOT NULL,
  payload    json NOT NULL,
  created_at text NOT NULL,
  created_ms bigint NOT NULL,
  -- The request that committed it and that commit's W3C trace context, when known.
  request_id  text,
  traceparent text
);
CREATE INDEX ${n.index("outbox_events_return_idx")} ON ${events} (return_id, position);
CREATE INDEX ${n.index("outbox_events_created_idx")} ON ${events} (created_ms);

-- Every write of an endpoint takes the next value, so a version is never seen twice, not
-- even by an endpoint created under the id of a removed one.
CREATE SEQUENCE ${endpointVersions};

-- A webhook (a URL and secrets) or a subscriber (host code; none of the three).
CREATE TABLE ${endpoints} (
  id              text PRIMARY KEY,
  kind            text NOT NULL DEFAULT 'webhook' CHECK (kind IN ('webhook', 'subscriber')),
  url             text,
  -- [{"secret": "whsec_…", "until": ISO time or null}, …], the newest first.
  secrets         jsonb,
  -- 'api' (created at run time) or 'options' (saved from the service's options at each start).
  managed_by      text CHECK (managed_by IN ('api', 'options')),
  types           jsonb,
  enabled         boolean NOT NULL,
  disabled_reason text,
  created_at      text NOT NULL,
  -- Conditional writes compare it: WHERE id = $1 AND version = <the version read>.
  version         bigint NOT NULL DEFAULT nextval('${endpointVersions}'),
  CONSTRAINT ${n.index("endpoints_webhook_target")}
    CHECK (kind = 'subscriber' OR (url IS NOT NULL AND secrets IS NOT NULL AND managed_by IS NOT NULL))
);

-- One delivery per event and endpoint; its id is minted by the store.
CREATE TABLE ${deliveries} (
  event_id        text NOT NULL REFERENCES ${events} (id),
  endpoint_id     text NOT NULL,
  -- "C": listDeliveries pages by (position, id) comparing ids as JavaScript does.
  id              text COLLATE "C" NOT NULL UNIQUE,
  return_id       text COLLATE "C" NOT NULL,
  position        bigint NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead')),
  attempt_count   integer NOT NULL DEFAULT 0,
  next_attempt_at bigint NOT NULL,
  leased_by       text,
  leased_until    bigint,
  attempts        jsonb NOT NULL DEFAULT '[]',
  delivered_at    text,
  delivered_ms    bigint,
  dead_at         text,
  dead_ms         bigint,
  -- Set on the dead ones when their endpoint is removed: never revived, even under a new
  -- endpoint with the same id.
  endpoint_removed boolean NOT NULL DEFAULT false,
  PRIMARY KEY (event_id, endpoint_id)
);
-- Claims: due pending deliveries in time order, and "no earlier pending delivery of the pair".
CREATE INDEX ${n.index("deliveries_due_idx")} ON ${deliveries} (next_attempt_at, position) WHERE status = 'pending';
CREATE INDEX ${n.index("deliveries_queue_idx")} ON ${deliveries} (return_id, endpoint_id, position) WHERE status = 'pending';
-- listDeliveries: a return's, or one status's (the dead letters), a page at a time in key order.
CREATE INDEX ${n.index("deliveries_return_idx")} ON ${deliveries} (return_id, position, id);
CREATE INDEX ${n.index("deliveries_status_idx")} ON ${deliveries} (status, position, id);
CREATE INDEX ${n.index("deliveries_pending_endpoint_idx")} ON ${deliveries} (endpoint_id) WHERE status = 'pending';
CREATE INDEX ${n.index("deliveries_dead_idx")} ON ${deliveries} (dead_ms) WHERE status = 'dead';
CREATE INDEX ${n.index("deliveries_delivered_idx")} ON ${deliveries} (delivered_ms) WHERE status = 'delivered';

CREATE TABLE ${keys} (
  key         text PRIMARY KEY,
  fingerprint text NOT NULL,
  expires_at  bigint NOT NULL,
  response    json NOT NULL
);
CREATE INDEX ${n.index("idempotency_keys_expires_idx")} ON ${keys} (expires_at);
`;
}
