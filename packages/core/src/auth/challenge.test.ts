import { describe, expect, test } from "vitest";
import { acceptableScopes } from "../domain/principal";
import { problems } from "../domain/problems";
import { authProblems } from "./auth-problems";
import { bearerChallenge, challengeForProblem } from "./challenge";

const METADATA = "https://shop.example/.well-known/oauth-protected-resource/returns";

describe("bearerChallenge", () => {
  test("bearerChallenge - no token: metadata link and the scopes to ask for", () => {
    expect(
      bearerChallenge({ resourceMetadataUrl: METADATA, scope: acceptableScopes("portal", "read") }),
    ).toBe(
      `Bearer resource_metadata="${METADATA}", scope="portal:returns.read portal:returns.write"`,
    );
  });

  test("bearerChallenge - bad token: invalid_token with its description", () => {
    expect(
      bearerChallenge({
        resourceMetadataUrl: METADATA,
        error: "invalid_token",
        errorDescription: "The access token expired at 2026-11-21T10:00:00.000Z.",
      }),
    ).toBe(
      `Bearer error="invalid_token", error_description="The access token expired at 2026-11-21T10:00:00.000Z.", resource_metadata="${METADATA}"`,
    );
  });

  test("bearerChallenge - missing scope: insufficient_scope with every scope the operation needs", () => {
    expect(
      bearerChallenge({
        resourceMetadataUrl: METADATA,
        error: "insufficient_scope",
        scope: acceptableScopes("merchant", "write"),
      }),
    ).toBe(
      `Bearer error="insufficient_scope", scope="merchant:returns.write", resource_metadata="${METADATA}"`,
    );
  });

  test("bearerChallenge - a description can never break out of its quoted-string", () => {
    const header = bearerChallenge({
      resourceMetadataUrl: METADATA,
      error: "invalid_token",
      errorDescription: 'kid "a\\b"\r\nSet-Cookie: x=1 — é',
    });
    expect(header).toBe(
      `Bearer error="invalid_token", error_description="kid 'a/b' Set-Cookie: x=1", resource_metadata="${METADATA}"`,
    );
    expect(() => new Headers({ "www-authenticate": header })).not.toThrow();
  });

  test("bearerChallenge - quotes and backslashes in the metadata URL become quoted-pairs", () => {
    expect(bearerChallenge({ resourceMetadataUrl: 'https://x.example/a"b\\c' })).toBe(
      'Bearer resource_metadata="https://x.example/a\\"b\\\\c"',
    );
  });

  test("bearerChallenge - refuses a scope that is not an RFC 6750 scope token", () => {
    expect(() => bearerChallenge({ resourceMetadataUrl: METADATA, scope: ['a"b'] })).toThrow(
      TypeError,
    );
  });
});

describe("challengeForProblem", () => {
  const context = { resourceMetadataUrl: METADATA, scope: acceptableScopes("portal", "write") };

  test("challengeForProblem - matches each auth problem to its RFC 6750 error", () => {
    expect(challengeForProblem(problems.unauthenticated("no token"), context)).toBe(
      `Bearer resource_metadata="${METADATA}", scope="portal:returns.write"`,
    );
    expect(
      challengeForProblem(
        problems.invalidToken("The access token's signature is invalid."),
        context,
      ),
    ).toBe(
      `Bearer error="invalid_token", error_description="The access token's signature is invalid.", resource_metadata="${METADATA}"`,
    );
    expect(challengeForProblem(problems.insufficientScope(["portal:returns.write"]), context)).toBe(
      `Bearer error="insufficient_scope", scope="portal:returns.write", resource_metadata="${METADATA}"`,
    );
    expect(
      challengeForProblem(authProblems.invalidAuthorizationHeader("Bad header."), context),
    ).toBe(
      `Bearer error="invalid_request", error_description="Bad header.", resource_metadata="${METADATA}"`,
    );
    expect(
      challengeForProblem(
        authProblems.mixedScopeFamilies(["portal:returns.read"], ["merchant:returns.read"]),
        context,
      ),
    ).toMatch(
      /^Bearer error="insufficient_scope", error_description="The token holds portal scopes .*", scope="portal:returns.write", resource_metadata=/,
    );
  });

  test("challengeForProblem - an unreachable key set or a non-auth problem gets no challenge", () => {
    expect(
      challengeForProblem(authProblems.authorizationServerUnavailable(), context),
    ).toBeUndefined();
    expect(challengeForProblem(problems.returnNotFound("ret_x"), context)).toBeUndefined();
  });
});
