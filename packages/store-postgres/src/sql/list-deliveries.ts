/**
 * @module sql/list-deliveries — deliveries filtered, in key order (position, id), after a key
 * and up to a limit when given. Only the conditions given are written, so the planner sees
 * plain ones: `(status, position, id)` or `(return_id, position, id)` serve a page in order
 * (a subject's kind is checked on the rows of its id, which are that subject's in practice).
 */
import type { DeliveryFilter } from "@returnkit/core/store";
import type { SqlNames } from "../names";
import { DELIVERY_COLUMNS } from "../rows";

export function listDeliveries(
  n: SqlNames,
  { eventId, returnId, subject, status, after, limit }: DeliveryFilter,
): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const param = (value: unknown, type: string) => {
    values.push(value);
    return `$${values.length}::${type}`;
  };
  const conditions: string[] = [];
  if (eventId !== undefined) conditions.push(`event_id = ${param(eventId, "text")}`);
  // `return_id` holds the subject's id, of whatever kind (migration 004).
  for (const of of [
    returnId === undefined ? undefined : { kind: "return", id: returnId },
    subject,
  ]) {
    if (of === undefined) continue;
    conditions.push(`return_id = ${param(of.id, "text")}`);
    conditions.push(`subject_kind = ${param(of.kind, "text")}`);
  }
  if (status !== undefined) conditions.push(`status = ${param(status, "text")}`);
  if (after !== undefined) {
    // A row comparison, so one index range scan resumes exactly after the key.
    conditions.push(
      `(position, id) > (${param(after.position, "bigint")}, ${param(after.id, "text")})`,
    );
  }
  const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
  const page = limit === undefined ? "" : `LIMIT ${param(limit, "integer")}`;
  return {
    text: `SELECT ${DELIVERY_COLUMNS} FROM ${n.table("deliveries")} ${where} ORDER BY position, id ${page}`,
    values,
  };
}
