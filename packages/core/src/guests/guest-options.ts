/**
 * @module guests/guest-options — the `guests` option: customers without an account find an
 * order by its number and the email or postcode it was placed with.
 */

/** The `guests` option; without it, `POST /v1/portal/guest-sessions` does not exist. */
export interface GuestOptions {
  /** Signs the guest sessions' tokens (HMAC SHA-256): at least 32 characters, kept secret. */
  secret: string;
  /** How long a guest session lasts, in seconds. Default 3600. */
  ttlSeconds?: number;
  /**
   * The caller's network address, for the limit per address (Express `req.ip` from
   * `context.req`, say). Without it, every caller shares one count: safe, but one busy
   * guesser slows every guest down, so a shop should say.
   */
  clientAddress?: (request: Request, context?: unknown) => string | null | undefined;
  /** Lookups allowed per window, per address and per order number (a success counts too). */
  limits?: {
    /** Default 20. */
    perAddress?: number;
    /** Default 5. */
    perOrderNumber?: number;
    /** Default 900 (15 minutes). */
    windowSeconds?: number;
    /** Counts kept at most, per kind (bounded memory). Default 10000. */
    maxTracked?: number;
  };
}

/** The `guests` option with its defaults. */
export interface GuestSettings {
  secret: string;
  ttlSeconds: number;
  clientAddress: GuestOptions["clientAddress"] | null;
  limits: Required<NonNullable<GuestOptions["limits"]>>;
}

const GUEST_DEFAULTS = {
  ttlSeconds: 3600,
  limits: { perAddress: 20, perOrderNumber: 5, windowSeconds: 900, maxTracked: 10_000 },
} as const;

export function guestSettings(options: GuestOptions): GuestSettings {
  return {
    secret: options.secret,
    ttlSeconds: options.ttlSeconds ?? GUEST_DEFAULTS.ttlSeconds,
    clientAddress: options.clientAddress ?? null,
    limits: { ...GUEST_DEFAULTS.limits, ...options.limits },
  };
}
