/**
 * @module domain/rma — a return request's RMA number: `RMA-7KQ3-X9TD`, eight characters staff
 * can search and a customer can read over the phone.
 *
 * The alphabet is Crockford's base32, the one of the ULIDs the service's ids use: digits and
 * upper-case letters without I, L, O and U, so no two characters look or sound alike, and a
 * code read as "O" or "I" is still found (`normaliseRma` reads them as 0 and 1). Eight
 * characters are 40 random bits (about 10^12 codes): short enough to read out in two groups of
 * four, and a new code meets one already taken about once in a million requests when a shop
 * holds a million. The store keeps them unique (`ReturnsCommit.rma`); a taken code is
 * drawn again. Random rather than counted, so a code tells nothing of the shop's volume.
 */

export const RMA_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** A canonical RMA number. */
export const RMA_PATTERN = /^RMA-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** A new RMA number from the platform CSPRNG (32 symbols: one byte each, no bias). */
export function newRma(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  const symbols = Array.from(bytes, (byte) => RMA_ALPHABET[byte % 32]).join("");
  return `RMA-${symbols.slice(0, 4)}-${symbols.slice(4)}`;
}

/**
 * An RMA number as staff may type it (`rma-7kq3 x9td`, `7KQ3X9TD`, an O for a 0) in its
 * canonical form, or null when it cannot be one.
 */
export function normaliseRma(text: string): string | null {
  const symbols = text
    .toUpperCase()
    .replace(/[\s-]/g, "")
    .replace(/^RMA/, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  if (!/^[0-9A-HJKMNP-TV-Z]{8}$/.test(symbols)) return null;
  return `RMA-${symbols.slice(0, 4)}-${symbols.slice(4)}`;
}
