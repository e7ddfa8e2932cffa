/**
 * @module auth/principal-from-claims — turns the claims of a verified access token into a
 * Principal. jose has checked the signature, iss, aud, exp, nbf and typ; this checks what it
 * does not: `scope`, `client_id` and `sub` (RFC 9068 §2.2), and decides the caller's kind.
 */
import type { JWTPayload } from "jose";
import { ALL_SCOPES, type Principal } from "../domain/principal";
import { problems } from "../domain/problems";
import { isStorableText, STORABLE_TEXT_RULE } from "../domain/text";
import { authProblems } from "./auth-problems";

const PORTAL_PREFIX = "portal:";
const MERCHANT_PREFIX = "merchant:";
const KNOWN_SCOPES: ReadonlySet<string> = new Set(ALL_SCOPES);

/**
 * The kind comes from the scope family alone — never from `sub`, `client_id` or any custom
 * claim a token issuer might set. A token holding both families is refused (403): it would
 * act for one customer and for the whole back office at once.
 *
 * A token with no returnkit scope is still authenticated, with no scopes: the operation's
 * scope check then answers 403 insufficient_scope, which tells the client what to ask for.
 * Its kind is nominally `portal`, so it can never see more than one customer's returns.
 */
export function principalFromClaims(claims: JWTPayload): Principal {
  const tokens = scopeTokens(claims.scope);
  const portal = tokens.filter((scope) => scope.startsWith(PORTAL_PREFIX));
  const merchant = tokens.filter((scope) => scope.startsWith(MERCHANT_PREFIX));
  if (portal.length > 0 && merchant.length > 0) {
    throw authProblems.mixedScopeFamilies(portal, merchant);
  }
  const sub = optionalString(claims, "sub");
  const clientId = optionalString(claims, "client_id");
  const scopes = tokens.filter((scope) => KNOWN_SCOPES.has(scope));
  const withClient = clientId === undefined ? {} : { clientId };

  if (merchant.length > 0) {
    // RFC 9068 §2.2: with client credentials `sub` names the client; with a staff login it
    // names the person, which is who history should say approved the return.
    const id = sub ?? clientId;
    if (id === undefined) {
      throw problems.invalidToken("The access token has neither a sub nor a client_id claim.");
    }
    return { kind: "merchant", id, scopes, ...withClient };
  }
  if (sub === undefined) {
    throw problems.invalidToken(
      "The access token has no sub claim; portal tokens must name the customer they act for.",
    );
  }
  return { kind: "portal", id: sub, scopes, ...withClient };
}

/** RFC 9068 §2.2.3: `scope` is one space-separated string; absent means no scope. */
function scopeTokens(scope: unknown): string[] {
  if (scope === undefined) return [];
  if (typeof scope !== "string") {
    throw problems.invalidToken(
      "The access token's scope claim must be a space-separated string (RFC 9068).",
    );
  }
  return [...new Set(scope.split(" ").filter((token) => token !== ""))];
}

function optionalString(claims: JWTPayload, name: "sub" | "client_id"): string | undefined {
  const value = claims[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value === "") {
    throw problems.invalidToken(`The access token's ${name} claim must be a non-empty string.`);
  }
  // It becomes the caller's id, which stores keep as text: PostgreSQL's cannot hold NUL, and
  // it would keep "\ud800" and "\udfff" (JSON escapes can carry both) as one customer.
  if (!isStorableText(value)) {
    throw problems.invalidToken(`The access token's ${name} claim ${STORABLE_TEXT_RULE}.`);
  }
  return value;
}
