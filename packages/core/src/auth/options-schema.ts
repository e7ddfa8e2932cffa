/**
 * @module auth/options-schema — the `auth` option, checked: a host's own `authenticate`, or
 * the settings for verifying JWT access tokens.
 */
import { z } from "zod";
import {
  aFunction,
  aNonEmptyString,
  anObject,
  arrayOf,
  httpUrl,
  isHttpUrl,
  nonNegativeInteger,
  nonNegativeNumber,
  oneOf,
  optionsObject,
  satisfying,
} from "../util/option-checks";
import { ACCESS_TOKEN_ALGORITHMS } from "./jwt";
import type {
  AuthenticateFn,
  AuthOptions,
  HostAuthOptions,
  JwtAuthOptions,
  OpenApiSecurityScheme,
} from "./options";

const hostAuthSchema = optionsObject({
  authenticate: aFunction<AuthenticateFn>(),
  securityScheme: satisfying<OpenApiSecurityScheme>(
    (v) =>
      typeof v === "object" && v !== null && typeof (v as { type?: unknown }).type === "string",
    "an OpenAPI security scheme object ({ type, ... })",
  ).optional(),
  challenge: aNonEmptyString.optional(),
});

const jwksSchema = optionsObject(
  {
    keys: arrayOf(
      anObject<{ kty?: string; [member: string]: unknown }>("a JSON Web Key"),
      "JSON Web Keys",
    ),
  },
  "a JSON Web Key Set ({ keys: [...] })",
);

const jwtAuthSchema = optionsObject({
  issuer: httpUrl,
  audience: z
    .union([aNonEmptyString, arrayOf(aNonEmptyString, "audience strings", { nonEmpty: true })], {
      error: "expected a non-empty string, or a non-empty array of them",
    })
    .optional(),
  jwksUri: satisfying<string | URL>((v) => isHttpUrl(v), "an absolute http(s) URL").optional(),
  jwks: jwksSchema.optional(),
  algorithms: arrayOf(oneOf(ACCESS_TOKEN_ALGORITHMS), "algorithms", { nonEmpty: true }).optional(),
  typ: satisfying<string | false>(
    (v) => v === false || (typeof v === "string" && v !== ""),
    "a media type such as at+jwt, or false",
  ).optional(),
  clockToleranceSeconds: nonNegativeNumber("seconds").optional(),
  fetch: aFunction<typeof fetch>().optional(),
  verifiedTokenCacheSize: nonNegativeInteger().optional(),
  authorizationServers: arrayOf(httpUrl, "authorization server URLs").optional(),
  resourceName: aNonEmptyString.optional(),
  authorizationEndpoint: httpUrl.optional(),
  tokenEndpoint: httpUrl.optional(),
}).superRefine((options, ctx) => {
  if ((options.jwks === undefined) === (options.jwksUri === undefined)) {
    ctx.addIssue({
      code: "custom",
      path: ["jwksUri"],
      message: "expected exactly one of jwksUri (the issuer's JWKS endpoint) and jwks",
    });
  }
});

/**
 * `{ authenticate }` or JWT settings: which one is decided by the presence of `authenticate`,
 * so each gets its own messages rather than a union's "no variant matched".
 */
export const authOptionsSchema = z.custom<AuthOptions>().superRefine((value, ctx) => {
  const isHost = value !== null && typeof value === "object" && "authenticate" in value;
  const schema: z.ZodType<HostAuthOptions | JwtAuthOptions> = isHost
    ? hostAuthSchema
    : jwtAuthSchema;
  const result = schema.safeParse(value);
  if (result.success) return;
  for (const issue of result.error.issues) ctx.addIssue({ ...issue, code: issue.code } as never);
});
