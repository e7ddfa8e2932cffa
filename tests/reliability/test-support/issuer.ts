/**
 * @module reliability/test-support/issuer — a local authorization server's signing keys and
 * real RFC 9068 access tokens (RS256 and ES256), signed with node:crypto so the suite needs
 * no dependency of its own. The service verifies them with jose against `jwks`.
 */
import { createSign, generateKeyPairSync, type KeyObject, sign } from "node:crypto";

const ISSUER = "https://auth.reliability.example";
export const BASE_URL = "https://shop.reliability.example";

type Algorithm = "RS256" | "ES256";

interface LocalIssuer {
  issuer: string;
  jwks: { keys: { kty: string; [member: string]: unknown }[] };
  /**
   * `Bearer <jwt>` for a portal customer or the back office, with both read and write scopes
   * (and, for the back office, `merchant:webhooks.manage`).
   */
  bearer(kind: "portal" | "merchant", id: string, alg?: Algorithm): string;
  /** A signed token with arbitrary header and claims, for refused-token cases. */
  signed(header: Record<string, unknown>, claims: Record<string, unknown>, alg?: Algorithm): string;
}

const b64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

export function createLocalIssuer(): LocalIssuer {
  const keys: Record<Algorithm, { privateKey: KeyObject; publicKey: KeyObject }> = {
    RS256: generateKeyPairSync("rsa", { modulusLength: 2048 }),
    ES256: generateKeyPairSync("ec", { namedCurve: "P-256" }),
  };
  const jwks = {
    keys: (Object.keys(keys) as Algorithm[]).map((alg) => {
      const jwk = keys[alg].publicKey.export({ format: "jwk" });
      return { ...jwk, kty: String(jwk.kty), kid: alg.toLowerCase(), alg, use: "sig" };
    }),
  };

  function signed(
    header: Record<string, unknown>,
    claims: Record<string, unknown>,
    alg: Algorithm = "ES256",
  ): string {
    const input = `${b64url(JSON.stringify({ alg, kid: alg.toLowerCase(), ...header }))}.${b64url(JSON.stringify(claims))}`;
    const signature =
      alg === "RS256"
        ? createSign("RSA-SHA256").update(input).sign(keys.RS256.privateKey)
        : sign("sha256", Buffer.from(input), {
            key: keys.ES256.privateKey,
            dsaEncoding: "ieee-p1363",
          });
    return `${input}.${b64url(signature)}`;
  }

  return {
    issuer: ISSUER,
    jwks,
    signed,
    bearer(kind, id, alg = "ES256") {
      const now = Math.floor(Date.now() / 1000);
      return `Bearer ${signed(
        { typ: "at+jwt" },
        {
          iss: ISSUER,
          aud: BASE_URL,
          sub: id,
          client_id: `${kind}-client`,
          // The back office may also manage webhooks, so the fuzz reaches those routes' checks.
          scope: `${kind}:returns.read ${kind}:returns.write${kind === "merchant" ? " merchant:webhooks.manage" : ""}`,
          iat: now,
          exp: now + 3600,
        },
        alg,
      )}`;
    },
  };
}
