/**
 * @module migrations/004_endpoint_rotation — when a secret rotation's overlap ends: until
 * then every secret signs, after it only the newest. Null (every existing row) keeps every
 * secret signing. Text, as `created_at` is, so rows read back the ISO string written.
 */
import type { SqlNames } from "../names";

export const name = "endpoint_rotation";

export function sql(n: SqlNames): string {
  return `ALTER TABLE ${n.table("endpoints")} ADD COLUMN previous_secrets_until text;`;
}
