/**
 * @module auth/token-errors — says in one sentence why jose refused a token.
 *
 * The sentence becomes the problem's `detail` and the challenge's `error_description`, so a
 * client developer (or an agent) can tell an expired token from a wrong audience without our
 * logs. It names claims and header values, never a stack or a key.
 */
import { decodeProtectedHeader, errors } from "jose";
import { type ProblemError, problems } from "../domain/problems";
import { authProblems } from "./auth-problems";

interface VerificationContext {
  token: string;
  algorithms: readonly string[];
  typ: string | false;
}

/** Thrown by our key resolver when the issuer's JWKS cannot be fetched at all. */
export class KeySetUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The JSON Web Key Set could not be fetched", { cause });
    this.name = "KeySetUnavailableError";
  }
}

export function problemForVerificationFailure(
  error: unknown,
  context: VerificationContext,
): ProblemError {
  const problem = describe(error, context);
  // Kept for the host's logs; `toJSON` never serialises it.
  problem.cause = error;
  return problem;
}

function describe(error: unknown, context: VerificationContext): ProblemError {
  if (error instanceof KeySetUnavailableError) return authProblems.authorizationServerUnavailable();
  const invalid = (detail: string) => problems.invalidToken(detail);

  if (error instanceof errors.JWTExpired) {
    const exp = numericDate(error.payload.exp);
    return invalid(`The access token expired${exp ? ` at ${exp}` : ""}.`);
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    return invalid(describeClaimFailure(error, context));
  }
  if (error instanceof errors.JOSEAlgNotAllowed) {
    const alg = headerOf(context.token)?.alg;
    return invalid(
      `The access token is signed with ${typeof alg === "string" ? alg : "an algorithm"} that is not allowed; accepted: ${context.algorithms.join(", ")}.`,
    );
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return invalid("The access token's signature is invalid.");
  }
  if (error instanceof errors.JWKSNoMatchingKey) {
    const kid = headerOf(context.token)?.kid;
    return invalid(
      `No signing key of the authorization server matches the access token${typeof kid === "string" ? ` (kid ${kid})` : ""}.`,
    );
  }
  if (error instanceof errors.JWKSMultipleMatchingKeys) {
    return invalid("The access token names no kid and several signing keys could match.");
  }
  if (
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JOSENotSupported
  ) {
    return invalid("The access token is malformed; expected a signed JWT (RFC 9068).");
  }
  return invalid("The access token could not be verified.");
}

function describeClaimFailure(
  error: InstanceType<typeof errors.JWTClaimValidationFailed>,
  context: VerificationContext,
): string {
  const { claim, reason } = error;
  if (reason === "missing") return `The access token lacks the required "${claim}" claim.`;
  if (reason === "invalid") return `The access token's "${claim}" claim is not a valid value.`;
  switch (claim) {
    case "nbf": {
      const nbf = numericDate(error.payload.nbf);
      return `The access token is not valid yet${nbf ? ` (not before ${nbf})` : ""}.`;
    }
    case "iss":
      return "The access token was issued by an authorization server this API does not trust.";
    case "aud":
      return "The access token's audience is not this API; request it with this API's resource identifier (RFC 8707 resource parameter).";
    case "typ":
      return `The access token's typ header is not ${context.typ || "the expected type"} (RFC 9068 access tokens use at+jwt).`;
    default:
      return `The access token's "${claim}" claim is not acceptable.`;
  }
}

function headerOf(token: string): Record<string, unknown> | undefined {
  try {
    return decodeProtectedHeader(token);
  } catch {
    return undefined;
  }
}

function numericDate(value: unknown): string | undefined {
  if (typeof value !== "number" || !Number.isFinite(value)) return undefined;
  const date = new Date(value * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
