/**
 * @module reliability/test-support/soak-auth — the soak's credentials: `Bearer soak|<kind>|<id>`.
 * The soak is about durability, not tokens (the fuzz tests send real JWTs).
 */
import type { AuthenticateFn, Principal } from "@returnkit/core";

export const soakAuthenticate: AuthenticateFn = (request) => {
  const [scheme, kind, id] = (request.headers.get("authorization") ?? "").split("|");
  if (scheme !== "Bearer soak" || (kind !== "portal" && kind !== "merchant") || !id) return null;
  return {
    kind,
    id,
    scopes: [`${kind}:returns.read`, `${kind}:returns.write`],
  } satisfies Principal;
};

export function soakToken(kind: "portal" | "merchant", id: string): string {
  return `Bearer soak|${kind}|${id}`;
}
