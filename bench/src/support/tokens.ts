/**
 * @module bench/support/tokens — a local issuer: RS256 and ES256 key pairs, their public
 * JWKS, and real RFC 9068 access tokens signed with jose, as an authorization server would.
 */
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";

const BENCH_ISSUER = "https://auth.bench.example";
export const BENCH_BASE_URL = "https://shop.bench.example";

export type TokenAlgorithm = "RS256" | "ES256";

export interface LocalIssuer {
  issuer: string;
  /** The public keys, as `auth: { issuer, jwks }` takes them. */
  jwks: { keys: (JWK & { kty: string })[] };
  /** A bearer token (without the `Bearer ` prefix) valid for an hour. */
  token(options: {
    alg: TokenAlgorithm;
    sub: string;
    scope: string;
    audience?: string;
  }): Promise<string>;
}

export async function createLocalIssuer(issuer = BENCH_ISSUER): Promise<LocalIssuer> {
  const keys = {
    RS256: await generateKeyPair("RS256", { extractable: true }),
    ES256: await generateKeyPair("ES256", { extractable: true }),
  };
  const jwks = {
    keys: await Promise.all(
      (Object.keys(keys) as TokenAlgorithm[]).map(async (alg) => ({
        ...(await exportJWK(keys[alg].publicKey)),
        kty: alg === "RS256" ? "RSA" : "EC",
        kid: `bench-${alg.toLowerCase()}`,
        alg,
        use: "sig",
      })),
    ),
  };
  return {
    issuer,
    jwks,
    token: ({ alg, sub, scope, audience = BENCH_BASE_URL }) =>
      new SignJWT({ scope, client_id: "bench-client" })
        .setProtectedHeader({ alg, kid: `bench-${alg.toLowerCase()}`, typ: "at+jwt" })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(keys[alg].privateKey),
  };
}
