/**
 * @module ids — a `dlv_` id like every returnkit id: a ULID (ten characters of time, sixteen
 * of randomness, Crockford's base 32), minted by the store (Web Crypto), one per event; the
 * ids of the event's deliveries derive from it (sql/insert-events).
 */
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const crockford = (digit: number) => CROCKFORD[digit & 31]!;

export function newDeliveryId(timeMs: number): string {
  const time = Math.max(0, Math.floor(timeMs)).toString(32).padStart(10, "0").slice(-10);
  const random = crypto.getRandomValues(new Uint8Array(16));
  const digits = [...time].map((digit) => Number.parseInt(digit, 32));
  return `dlv_${[...digits, ...random].map(crockford).join("")}`;
}
