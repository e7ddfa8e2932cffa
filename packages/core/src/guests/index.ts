/**
 * @module guests — customers without an account: finding an order by its number and email or
 * postcode, bounded and rate-limited, for a session limited to that order.
 */
export { type AttemptLimiter, createAttemptLimiter } from "./attempt-limiter";
export { findGuestOrder, normaliseEmail, normalisePostcode } from "./guest-lookup";
export { type GuestOptions, type GuestSettings, guestSettings } from "./guest-options";
export {
  type GuestSession,
  type GuestSessionInput,
  GuestSessionInputSchema,
  GuestSessionSchema,
} from "./guest-schemas";
export { createGuestSessions, type GuestSessions } from "./guest-sessions";
