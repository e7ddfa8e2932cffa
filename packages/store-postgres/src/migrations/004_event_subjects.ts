/**
 * @module migrations/004_event_subjects — events that record no transition, and events about
 * a customer rather than a return: what an event is about (its subject) decides the queue its
 * deliveries wait in, per (subject, endpoint).
 *
 * Additive, so it rewrites no row and processes of earlier releases still running keep
 * working: `return_id` keeps holding the subject's id (a return's, as every row before this
 * one holds, or with `subject_kind = 'customer'` a customer's) rather than being renamed, and
 * `subject_kind` defaults to `'return'`, which is what every existing row is about. A constant
 * default and dropping NOT NULL change only the catalogue, whatever the size of the tables.
 * `seq` is null for an event that records no transition. The queue index (`return_id`,
 * `endpoint_id`, `position`) still finds a delivery's earlier ones: the kind is checked on
 * those few rows.
 */
import type { SqlNames } from "../names";

export const name = "event_subjects";

export function sql(n: SqlNames): string {
  const events = n.table("outbox_events");
  const deliveries = n.table("deliveries");
  return `
ALTER TABLE ${events} ADD COLUMN subject_kind text NOT NULL DEFAULT 'return';
ALTER TABLE ${events} ALTER COLUMN seq DROP NOT NULL;
ALTER TABLE ${deliveries} ADD COLUMN subject_kind text NOT NULL DEFAULT 'return';
`;
}
