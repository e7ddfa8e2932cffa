/** Test support: an issuer of real signed access tokens (jose, a local key pair). */
import { exportJWK, generateKeyPair, SignJWT } from "jose";

export const ISSUER = "https://issuer.example";

export interface LocalIssuer {
  jwks: { keys: Record<string, unknown>[] };
  /** An RFC 9068 access token for `audience` with `scope`, for `sub`. */
  token(options: { audience: string; scope: string; sub: string }): Promise<string>;
}

export async function localIssuer(): Promise<LocalIssuer> {
  const { publicKey, privateKey } = await generateKeyPair("ES256");
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: "k1", alg: "ES256", use: "sig" }] };
  return {
    jwks,
    token: ({ audience, scope, sub }) =>
      new SignJWT({ scope, client_id: "agent" })
        .setProtectedHeader({ alg: "ES256", kid: "k1", typ: "at+jwt" })
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime("10m")
        .sign(privateKey),
  };
}
