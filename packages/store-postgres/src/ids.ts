/**
 * @module ids — delivery ids, named like every other returnkit id: `dlv_` and a ULID (ten
 * characters of time, sixteen of randomness, Crockford's base 32), minted by the store.
 */
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export function newDeliveryId(timeMs: number): string {
  let time = "";
  for (let rest = Math.max(0, Math.floor(timeMs)), i = 0; i < 10; i++) {
    time = CROCKFORD[rest % 32]! + time;
    rest = Math.floor(rest / 32);
  }
  // Web Crypto, not node:crypto: PGlite also runs in browsers, Deno and workers.
  const random = crypto.getRandomValues(new Uint8Array(16));
  let tail = "";
  for (const byte of random) tail += CROCKFORD[byte & 31];
  return `dlv_${time}${tail}`;
}
