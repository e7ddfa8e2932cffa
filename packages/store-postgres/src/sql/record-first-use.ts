/** @module sql/record-first-use — a key's first use, stored `completed`; takes over only a lapsed row. */
import type { SqlNames } from "../names";

/** SQL true when key row `k` no longer answers at `now`: it expired, or its claim's lease ran out. */
export const keyLapsed = (k: string, now: string) =>
  `(${k}.expires_at <= ${now} OR (${k}.state = 'in_progress' AND ${k}.locked_until <= ${now}))`;

export const recordFirstUse = (n: SqlNames) => `
INSERT INTO ${n.table("idempotency_keys")} AS k
  (key, fingerprint, state, token, locked_until, expires_at, response)
VALUES ($1, $2, 'completed', '', $3, $4, $5::json)
ON CONFLICT (key) DO UPDATE
  SET fingerprint = excluded.fingerprint, state = 'completed', token = '',
      locked_until = excluded.locked_until, expires_at = excluded.expires_at,
      response = excluded.response
  WHERE ${keyLapsed("k", "$3")}
RETURNING key`;
