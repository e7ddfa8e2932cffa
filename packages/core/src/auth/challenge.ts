/**
 * @module auth/challenge — the `WWW-Authenticate: Bearer …` value of a 401 or 403.
 *
 * The challenge is how an agent discovers us: `resource_metadata` (RFC 9728 §5.1) points at
 * the protected-resource document, `scope` says what to ask the authorization server for, and
 * `error` (RFC 6750 §3.1) says whether to get a new token or a wider one.
 */
import type { ProblemError } from "../domain/problems";
import { AUTH_PROBLEM_SLUGS } from "./auth-problems";

export type BearerError = "invalid_token" | "insufficient_scope" | "invalid_request";

export interface BearerChallengeOptions {
  /** Absolute URL of this resource's RFC 9728 metadata document. */
  resourceMetadataUrl: string;
  /** Every scope the operation accepts; omitted when empty. */
  scope?: readonly string[];
  error?: BearerError;
  errorDescription?: string;
}

// RFC 6750 §3: scope-token = 1*( %x21 / %x23-5B / %x5D-7E )
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

/**
 * Builds the header value. Parameter order: without an error the metadata
 * link leads (a first contact), with an error the error leads (what went wrong comes first).
 */
export function bearerChallenge(options: BearerChallengeOptions): string {
  const params: [string, string][] = [];
  const scope = options.scope?.length ? scopeValue(options.scope) : undefined;
  if (options.error) {
    params.push(["error", options.error]);
    if (options.errorDescription) {
      params.push(["error_description", errorDescriptionValue(options.errorDescription)]);
    }
    if (scope) params.push(["scope", scope]);
    params.push(["resource_metadata", options.resourceMetadataUrl]);
  } else {
    params.push(["resource_metadata", options.resourceMetadataUrl]);
    if (scope) params.push(["scope", scope]);
  }
  return `Bearer ${params.map(([name, value]) => `${name}=${quotedString(value)}`).join(", ")}`;
}

export interface ChallengeContext {
  resourceMetadataUrl: string;
  /** The scopes the operation accepts (`acceptableScopes(route.caller, route.access)`). */
  scope?: readonly string[];
}

/**
 * The challenge that belongs to an auth problem, or undefined for problems that are not
 * about credentials (a 503 from an unreachable key set must not tell clients to re-login).
 */
export function challengeForProblem(
  problem: ProblemError,
  context: ChallengeContext,
): string | undefined {
  const { resourceMetadataUrl, scope } = context;
  switch (problem.slug) {
    case AUTH_PROBLEM_SLUGS.unauthenticated:
      return bearerChallenge({ resourceMetadataUrl, scope });
    case AUTH_PROBLEM_SLUGS.invalidToken:
      return bearerChallenge({
        resourceMetadataUrl,
        error: "invalid_token",
        errorDescription: problem.message,
      });
    case AUTH_PROBLEM_SLUGS.invalidAuthorizationHeader:
      return bearerChallenge({
        resourceMetadataUrl,
        error: "invalid_request",
        errorDescription: problem.message,
      });
    case AUTH_PROBLEM_SLUGS.insufficientScope:
      return bearerChallenge({ resourceMetadataUrl, error: "insufficient_scope", scope });
    case AUTH_PROBLEM_SLUGS.mixedScopeFamilies:
      // The remedy is a token with exactly the scopes this operation needs, which is what
      // insufficient_scope + scope tell a client to go and get.
      return bearerChallenge({
        resourceMetadataUrl,
        error: "insufficient_scope",
        errorDescription: problem.message,
        scope,
      });
    default:
      return undefined;
  }
}

function scopeValue(scopes: readonly string[]): string {
  for (const scope of scopes) {
    if (!SCOPE_TOKEN.test(scope))
      throw new TypeError(`Not an RFC 6750 scope token: ${JSON.stringify(scope)}`);
  }
  return scopes.join(" ");
}

/**
 * RFC 6750 §3 allows only %x20-21 / %x23-5B / %x5D-7E in error_description, so quotes and
 * backslashes are swapped for look-alikes and anything else (CR/LF, non-ASCII) becomes a
 * space: a description built from token contents can never split or break the header.
 */
function errorDescriptionValue(description: string): string {
  return description
    .replace(/"/g, "'")
    .replace(/\\/g, "/")
    .replace(/[^\x20-\x7E]+/g, " ")
    .trim();
}

/** RFC 9110 §5.6.4 quoted-string; `"` and `\` become quoted-pairs, controls are dropped. */
function quotedString(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping controls is the point
  const safe = value.replace(/[\x00-\x08\x0A-\x1F\x7F]/g, "");
  return `"${safe.replace(/(["\\])/g, "\\$1")}"`;
}
