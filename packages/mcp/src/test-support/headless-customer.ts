/**
 * Test support: the official SDK's OAuth client side for a customer's assistant, with the
 * user's part (login and consent on the development server) done headlessly. It registers
 * itself as a public client and runs authorization code + PKCE, as a real MCP client does.
 */
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { loginAndConsent } from "@returnkit/dev-auth";

const REDIRECT = "http://127.0.0.1/mcp-callback";

export class HeadlessCustomer implements OAuthClientProvider {
  #client: OAuthClientInformationMixed | undefined;
  #tokens: OAuthTokens | undefined;
  #verifier = "";
  /** The authorization code the last login produced, for `transport.finishAuth`. */
  code: string | undefined;
  /** The authorization request as the SDK built it (scope, resource, PKCE). */
  authorizationUrl: URL | undefined;

  constructor(private readonly subject: string) {}

  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "test assistant",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.#client;
  }
  saveClientInformation(client: OAuthClientInformationMixed) {
    this.#client = client;
  }
  tokens() {
    return this.#tokens;
  }
  saveTokens(tokens: OAuthTokens) {
    this.#tokens = tokens;
  }
  async redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
    const callback = await loginAndConsent(url.href, REDIRECT, this.subject);
    this.code = callback.searchParams.get("code") ?? undefined;
  }
  saveCodeVerifier(verifier: string) {
    this.#verifier = verifier;
  }
  codeVerifier() {
    return this.#verifier;
  }
}
