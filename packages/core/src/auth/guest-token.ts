/**
 * @module auth/guest-token — the bearer credential of a guest session: a short-lived JWT the
 * service signs itself (HS256, the host's `guests.secret`), naming the one order a customer
 * without an account found by its number and email or postcode.
 */
import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from "jose";
import { type Principal, SCOPES } from "../domain/principal";
import { problems } from "../domain/problems";

/** The `typ` of a guest token: never mistaken for an authorization server's access token. */
const GUEST_TOKEN_TYPE = "returnkit-guest+jwt";
const ALGORITHM = "HS256";

/** What signs and checks guest tokens: the key, who issues them, and the clock. */
export interface GuestTokenKey {
  secret: Uint8Array;
  /** The service's base URL: issuer and audience, so a token of another mount is refused. */
  issuer: string;
  ttlSeconds: number;
  now: () => number;
}

/** A signed token for `order` and when it expires (epoch seconds). */
export async function signGuestToken(
  key: GuestTokenKey,
  order: { order_id: string; customer_id: string },
): Promise<{ token: string; expiresAt: number }> {
  const issuedAt = Math.floor(key.now() / 1000);
  const expiresAt = issuedAt + key.ttlSeconds;
  const token = await new SignJWT({ order_id: order.order_id })
    .setProtectedHeader({ alg: ALGORITHM, typ: GUEST_TOKEN_TYPE })
    .setIssuer(key.issuer)
    .setAudience(key.issuer)
    .setSubject(order.customer_id)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key.secret);
  return { token, expiresAt };
}

/** The bearer token of `request` when it is a guest token (by its `typ`), else null. */
export function guestTokenOf(request: Request): string | null {
  const match = /^bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(
    request.headers.get("authorization") ?? "",
  );
  const token = match?.[1];
  if (!token) return null;
  try {
    return decodeProtectedHeader(token).typ === GUEST_TOKEN_TYPE ? token : null;
  } catch {
    return null;
  }
}

/**
 * The guest principal `token` stands for: the order's customer, with the portal's write scope,
 * limited to that order. A token that is expired, altered or not ours is a 401.
 */
export async function verifyGuestToken(key: GuestTokenKey, token: string): Promise<Principal> {
  try {
    const { payload } = await jwtVerify(token, key.secret, {
      algorithms: [ALGORITHM],
      typ: GUEST_TOKEN_TYPE,
      issuer: key.issuer,
      audience: key.issuer,
      currentDate: new Date(key.now()),
      requiredClaims: ["sub", "exp", "order_id"],
    });
    const orderId = payload.order_id;
    if (typeof orderId !== "string" || orderId === "" || !payload.sub) {
      throw new errors.JWTClaimValidationFailed("order_id", payload, "order_id", "invalid");
    }
    return { kind: "portal", id: payload.sub, scopes: [SCOPES.portalWrite], orderId };
  } catch {
    throw problems.invalidToken(
      "The guest session has expired or is not valid: find the order again by its number.",
    );
  }
}
