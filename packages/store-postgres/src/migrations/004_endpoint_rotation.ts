/** @module migrations/004_endpoint_rotation — when a rotation's overlap ends (text, as created_at); null: every secret signs. */
import type { SqlNames } from "../names";

export const name = "endpoint_rotation";
export const sql = (n: SqlNames) =>
  `ALTER TABLE ${n.table("endpoints")} ADD COLUMN previous_secrets_until text;`;
