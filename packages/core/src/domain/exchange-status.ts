/**
 * @module domain/exchange-status — the words of an exchange's release: how its new items go
 * out, and where they stand (the rules are in `returns/exchange-release.ts`).
 */

/** How an exchange's new items go out: after the return is received, or at approval. */
export const EXCHANGE_MODES = ["standard", "instant"] as const;

/** Where an exchange's new items stand. */
export const EXCHANGE_STATUSES = [
  "pending",
  "awaiting_payment",
  "released",
  "fallen_back",
  "withdrawn",
] as const;
export type ExchangeStatus = (typeof EXCHANGE_STATUSES)[number];
