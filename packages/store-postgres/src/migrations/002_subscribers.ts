/**
 * @module migrations/002_subscribers — endpoints of two kinds: webhooks (a URL and secrets)
 * and subscribers (host code; neither). Existing rows are webhooks.
 */
import type { SqlNames } from "../names";

export const name = "subscribers";

export function sql(n: SqlNames): string {
  const endpoints = n.table("endpoints");
  return `
ALTER TABLE ${endpoints}
  ADD COLUMN kind text NOT NULL DEFAULT 'webhook' CHECK (kind IN ('webhook', 'subscriber')),
  ALTER COLUMN url DROP NOT NULL,
  ALTER COLUMN secrets DROP NOT NULL,
  ADD CONSTRAINT ${n.index("endpoints_webhook_target")}
    CHECK (kind = 'subscriber' OR (url IS NOT NULL AND secrets IS NOT NULL));
`;
}
