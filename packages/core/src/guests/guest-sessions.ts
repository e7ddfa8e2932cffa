/**
 * @module guests/guest-sessions — `POST /v1/portal/guest-sessions`: a guest names an order by
 * its number and email or postcode and gets a short-lived bearer token for that order only.
 * Counted per address and per order number first (429 past the limit), then looked up; every
 * miss is the one `order-not-found`.
 */
import { type GuestTokenKey, signGuestToken } from "../auth/guest-token";
import { problems } from "../domain/problems";
import type { OrderSource } from "../returns/orders/types";
import { parseInput } from "../returns/parse-input";
import { createAttemptLimiter } from "./attempt-limiter";
import { findGuestOrder, type GuestClaim } from "./guest-lookup";
import type { GuestSettings } from "./guest-options";
import { type GuestSession, GuestSessionInputSchema } from "./guest-schemas";

export interface GuestSessions {
  /** A session for the order `body` names; `address` is the caller's, when the host says. */
  create(body: unknown, address: string | null): Promise<GuestSession>;
}

interface GuestSessionsSetup {
  settings: GuestSettings;
  source: OrderSource;
  key: GuestTokenKey;
  /** The returnable view of an order, where the page goes next. */
  returnableHref: (orderId: string) => string;
}

/** Every caller without an address shares this count (safe, if slow for all under attack). */
const UNKNOWN_ADDRESS = "(unknown)";

export function createGuestSessions(setup: GuestSessionsSetup): GuestSessions {
  const { settings, source, key } = setup;
  const windowMs = settings.limits.windowSeconds * 1000;
  const maxKeys = settings.limits.maxTracked;
  const byAddress = createAttemptLimiter({ limit: settings.limits.perAddress, windowMs, maxKeys });
  const byNumber = createAttemptLimiter({
    limit: settings.limits.perOrderNumber,
    windowMs,
    maxKeys,
  });

  return {
    async create(body, address) {
      const claim = parseInput(GuestSessionInputSchema, body, "body") as GuestClaim;
      const now = key.now();
      for (const attempt of [
        byAddress.take(address ?? UNKNOWN_ADDRESS, now),
        byNumber.take(numberKey(claim.order_number), now),
      ]) {
        if (!attempt.allowed) throw problems.tooManyGuestLookups(attempt.retryAfterSeconds);
      }
      const order = await findGuestOrder(source, claim);
      if (!order) throw problems.guestOrderNotFound();
      const { token, expiresAt } = await signGuestToken(key, order);
      return {
        object: "guest_session",
        token,
        token_type: "Bearer",
        expires_in: expiresAt - Math.floor(now / 1000),
        expires_at: new Date(expiresAt * 1000).toISOString(),
        order_id: order.order_id,
        _links: { returnable: { href: setup.returnableHref(order.order_id) } },
      };
    },
  };
}

/** One count per order however it is written ("#1001 ", "1001"). */
function numberKey(number: string): string {
  return number.trim().replace(/^#/, "").toLowerCase();
}
