/**
 * @module sql/where — a WHERE clause of the conditions given (`"column ="` to its value, a
 * `$n` each), leaving out those whose value is undefined, so the planner sees plain conditions.
 */
export function whereOf(conditions: Record<string, unknown>): { where: string; values: unknown[] } {
  const given = Object.entries(conditions).filter(([, value]) => value !== undefined);
  const where = given.map(([condition], i) => `${condition} $${i + 1}`).join(" AND ");
  return { where: where && `WHERE ${where}`, values: given.map(([, value]) => value) };
}
