/**
 * @module http/test-support/served-documents — the OpenAPI document as a real service serves
 * it, in each of its main configurations, for the tests that hand it to third-party tools.
 */

import { testAuthenticate } from "@returnkit/testing";
import type { AuthOptions } from "../../auth/options";
import { createReturnsService } from "../../service";
import { OPENAPI_PATH } from "../routes";

interface ServedConfiguration {
  name: string;
  baseUrl: string;
  auth: AuthOptions;
}

const ISSUER = "https://auth.shop.test";

/**
 * JWT with an authorization server (mounted under a prefix, so the metadata lies outside the
 * server URL), JWT alone, and the host's own authentication.
 */
export const SERVED_CONFIGURATIONS: readonly ServedConfiguration[] = [
  {
    name: "JWT with an authorization server",
    baseUrl: "https://shop.test/returns",
    auth: {
      issuer: ISSUER,
      jwksUri: `${ISSUER}/jwks`,
      authorizationEndpoint: `${ISSUER}/authorize`,
      tokenEndpoint: `${ISSUER}/token`,
    },
  },
  {
    name: "JWT alone",
    baseUrl: "https://shop.test",
    auth: { issuer: ISSUER, jwksUri: `${ISSUER}/jwks` },
  },
  {
    name: "host auth",
    baseUrl: "https://shop.test/returns",
    auth: { authenticate: testAuthenticate },
  },
];

/** `GET {baseUrl}/v1/openapi.json` from a service built with `configuration`. */
export async function servedDocument(
  configuration: ServedConfiguration,
): Promise<Record<string, unknown>> {
  const service = createReturnsService({
    baseUrl: configuration.baseUrl,
    auth: configuration.auth,
  });
  const response = await service.fetch(new Request(`${configuration.baseUrl}${OPENAPI_PATH}`));
  if (response.status !== 200) throw new Error(`the document answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}
