/**
 * @module server/config — what the browser code is told about its place: the API, its own
 * path, how it signs in. Sent in a `<meta>` tag, as JSON, never as script.
 */
export interface OAuthSignIn {
  mode: "oauth";
  /** The authorization server's authorization and token endpoints. */
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** A public client allowed the page's URL as redirect URI, with PKCE S256. */
  clientId: string;
  /** Scopes to ask for; default the portal's read and write scopes. */
  scope?: string;
  /** The RFC 8707 resource (the API's base URL); default the API URL. */
  resource?: string;
}

export interface SessionSignIn {
  mode: "session";
  /** Where the shop signs a visitor in; the page links there (with `?return_to=`) on a 401. */
  signInUrl?: string;
}

export type SignIn = SessionSignIn | OAuthSignIn;

export interface ClientConfig {
  page: "customer" | "staff";
  /** The API's base URL (`{api}/v1/...`). */
  api: string;
  /** Where the pages are mounted (absolute path, no trailing slash). */
  base: string;
  signIn: SignIn;
  /** The double-submit token for cookie-signed writes (session sign-in only). */
  csrf: string | null;
  brand: { name: string; logoUrl: string | null };
  /** A fixed locale; null follows the browser's. */
  locale: string | null;
  /** Placed in a shop's own page: no header and no main landmark of its own. */
  embedded?: boolean;
  /** The customer page offers "Find your order" by number and email or postcode (the service's `guests`). */
  guests?: boolean;
}

/** JSON inside an attribute value: every character that could end or confuse it escaped. */
export function escapeAttribute(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll("'", "&#39;");
}
