/**
 * @module auth/jwt — verifies RFC 9068 JWT access tokens with jose and yields the Principal.
 *
 * Order of checks: the Authorization header (bearer-token), then jose (signature with a pinned
 * asymmetric algorithm, `typ`, `iss`, `aud`, `exp` required, `nbf`), then the claims jose does
 * not know (`scope`, `client_id`, `sub`: principal-from-claims).
 */
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  errors,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  jwtVerify,
} from "jose";
import type { Principal } from "../domain/principal";
import { readBearerToken } from "./bearer-token";
import { principalFromClaims } from "./principal-from-claims";
import { KeySetUnavailableError, problemForVerificationFailure } from "./token-errors";

/** Asymmetric JWS algorithms an access token may be signed with. HS* and none never are. */
export const ACCESS_TOKEN_ALGORITHMS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
] as const;
export type AccessTokenAlgorithm = (typeof ACCESS_TOKEN_ALGORITHMS)[number];

const DEFAULT_ACCESS_TOKEN_ALGORITHMS: readonly AccessTokenAlgorithm[] = [
  "RS256",
  "PS256",
  "ES256",
  "EdDSA",
];

/** `(request) => principal`, or null when the request carries no credentials at all. */
export type Authenticator = (request: Request) => Promise<Principal | null>;

export interface JwtAuthenticatorOptions {
  /** The authorization server's issuer identifier; `iss` must equal it. */
  issuer: string;
  /** This resource's identifier (the base URL it is mounted at); `aud` must contain it. */
  audience: string | readonly string[];
  /** The issuer's JWKS endpoint. Keys are cached and refetched once (at most every 30 s) for an unknown `kid`. */
  jwksUri?: string | URL;
  /**
   * A local key set instead of `jwksUri` (tests, development, pinned keys). Typed locally
   * rather than as jose's `JSONWebKeySet` so the published declarations do not pull an
   * ESM-only package's types into CommonJS consumers.
   */
  jwks?: { keys: { kty?: string; [member: string]: unknown }[] };
  /** Default RS256, PS256, ES256, EdDSA. */
  algorithms?: readonly AccessTokenAlgorithm[];
  /**
   * Expected `typ` header; default `at+jwt` (RFC 9068 §4, which also says resource servers
   * must check it). `false` skips the check, for issuers that cannot mark access tokens.
   */
  typ?: string | false;
  /** Leeway for `exp` and `nbf`; default 30 seconds. */
  clockToleranceSeconds?: number;
  /** Fetch used for the JWKS (tests, proxies, edge runtimes). */
  fetch?: typeof globalThis.fetch;
  /** How many verified tokens to remember until they expire; 0 turns it off. Default 10 000. */
  verifiedTokenCacheSize?: number;
}

export function createJwtAuthenticator(options: JwtAuthenticatorOptions): Authenticator {
  const algorithms = checkAlgorithms(options.algorithms ?? DEFAULT_ACCESS_TOKEN_ALGORITHMS);
  const typ = options.typ ?? "at+jwt";
  const getKey = keyResolver(options);
  const verifyOptions = {
    issuer: options.issuer,
    audience: typeof options.audience === "string" ? options.audience : [...options.audience],
    algorithms: [...algorithms],
    requiredClaims: ["exp"],
    clockTolerance: options.clockToleranceSeconds ?? 30,
    ...(typ === false ? {} : { typ }),
  };

  const verified = new VerifiedTokenCache(options.verifiedTokenCacheSize ?? 10_000);

  return async (request) => {
    const token = readBearerToken(request);
    if (token === null) return null;
    const now = Date.now();
    const cached = verified.get(token, now);
    if (cached) return cached;
    let payload: Awaited<ReturnType<typeof jwtVerify>>["payload"];
    try {
      ({ payload } = await jwtVerify(token, getKey, verifyOptions));
    } catch (error) {
      throw problemForVerificationFailure(error, { token, algorithms, typ });
    }
    const principal = principalFromClaims(payload);
    verified.set(token, principal, (payload.exp as number) * 1000, payload.nbf, now);
    return principal;
  };
}

/**
 * Tokens already verified, until they expire. An agent sends the same access token with
 * every request, and a signature check costs more than the rest of the request, so a
 * token's verdict is kept (bounded, oldest dropped first). Only successes are kept; a
 * token is never served past its `exp`, nor before its `nbf`.
 */
class VerifiedTokenCache {
  private readonly entries = new Map<string, { principal: Principal; expiresAt: number }>();
  constructor(private readonly capacity: number) {}

  get(token: string, now: number): Principal | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.principal;
  }

  set(token: string, principal: Principal, expiresAt: number, nbf: unknown, now: number) {
    // A token accepted inside the clock tolerance before its nbf is verified again next time.
    if (this.capacity <= 0 || (typeof nbf === "number" && nbf * 1000 > now)) return;
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, { principal, expiresAt });
  }
}

function checkAlgorithms(algorithms: readonly string[]): readonly AccessTokenAlgorithm[] {
  if (algorithms.length === 0) throw new TypeError("algorithms must name at least one algorithm");
  for (const alg of algorithms) {
    if (!(ACCESS_TOKEN_ALGORITHMS as readonly string[]).includes(alg)) {
      // Symmetric algorithms would let anyone holding the (public) verification key mint
      // tokens; `none` would let anyone at all.
      throw new TypeError(
        `Access tokens must use an asymmetric algorithm (${ACCESS_TOKEN_ALGORITHMS.join(", ")}); got ${alg}`,
      );
    }
  }
  return algorithms as readonly AccessTokenAlgorithm[];
}

function keyResolver(options: JwtAuthenticatorOptions): JWTVerifyGetKey {
  if (options.jwks && options.jwksUri) throw new TypeError("Pass either jwks or jwksUri, not both");
  if (options.jwks) return createLocalJWKSet(options.jwks as JSONWebKeySet);
  if (!options.jwksUri) throw new TypeError("Pass jwksUri (the issuer's JWKS endpoint) or jwks");
  const remote = createRemoteJWKSet(
    new URL(options.jwksUri),
    options.fetch ? { [customFetch]: options.fetch } : {},
  );
  return async (header, token) => {
    try {
      return await remote(header, token);
    } catch (error) {
      if (isKeySelectionError(error)) throw error;
      // Network failure, timeout, non-200 or a broken key set: the token's fault is unknown.
      throw new KeySetUnavailableError(error);
    }
  };
}

function isKeySelectionError(error: unknown): boolean {
  return (
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys ||
    error instanceof errors.JOSENotSupported
  );
}
