/**
 * @module ids — how a delivery's id begins: `dlv_` and the ten characters of time a ULID begins
 * with (Crockford's base 32), for its event's time; sql/insert-events ends it.
 */
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export function deliveryIdPrefix(timeMs: number): string {
  const time = Math.max(0, Math.floor(timeMs)).toString(32).padStart(10, "0").slice(-10);
  return `dlv_${[...time].map((digit) => CROCKFORD[Number.parseInt(digit, 32)]).join("")}`;
}
