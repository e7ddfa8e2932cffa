/**
 * @module migrations — the versioned schema of the store, applied in order by `migrate()`.
 *
 * A migration is never edited once released: a change is a new file with the next number.
 * `001_initial` is the schema of the first release; each later one upgrades a database in
 * use in place (the README's "Upgrading").
 */
import type { SqlNames } from "../names";
import * as initial from "./001_initial";
import * as returnRequests from "./002_return_requests";
import * as fitInsights from "./003_fit_insights";
import * as eventSubjects from "./004_event_subjects";
import * as rmaNumbers from "./005_rma_numbers";
import * as timers from "./006_timers";
import * as trackingNumbers from "./007_tracking_numbers";

export interface Migration {
  version: number;
  name: string;
  sql(names: SqlNames): string;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: initial.name, sql: initial.sql },
  { version: 2, name: returnRequests.name, sql: returnRequests.sql },
  { version: 3, name: fitInsights.name, sql: fitInsights.sql },
  { version: 4, name: eventSubjects.name, sql: eventSubjects.sql },
  { version: 5, name: rmaNumbers.name, sql: rmaNumbers.sql },
  { version: 6, name: timers.name, sql: timers.sql },
  { version: 7, name: trackingNumbers.name, sql: trackingNumbers.sql },
];
