/**
 * @module migrations — the versioned schema of the store, applied in order by `migrate()`.
 *
 * A migration is never edited once released: a change is a new file with the next number.
 */
import type { SqlNames } from "../names";
import * as initial from "./001_initial";
import * as subscribers from "./002_subscribers";
import * as eventRequestId from "./003_event_request_id";
import * as endpointRotation from "./004_endpoint_rotation";

export interface Migration {
  version: number;
  name: string;
  sql(names: SqlNames): string;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: initial.name, sql: initial.sql },
  { version: 2, name: subscribers.name, sql: subscribers.sql },
  { version: 3, name: eventRequestId.name, sql: eventRequestId.sql },
  { version: 4, name: endpointRotation.name, sql: endpointRotation.sql },
];
