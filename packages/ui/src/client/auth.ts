/**
 * @module client/auth — how the page signs its calls. With the host's session, the browser's
 * cookie does, and writes add the page's CSRF token. With OAuth 2.1, the authorization code
 * flow with PKCE (S256): the verifier waits in sessionStorage across the redirect, the access
 * token lives in memory only (never in localStorage), so a reload signs in again: silently,
 * when a sign-in is remembered (a flag, never a token), with OIDC's `prompt=none` in a
 * top-level redirect (no iframe: browsers keep the authorization server's cookies from
 * third-party frames); `login_required` and the like forget it and show the button.
 */
import type { ApiAuth } from "./api";
import type { ClientConfig } from "./config";

type OAuthSignIn = Extract<ClientConfig["signIn"], { mode: "oauth" }>;

export interface PageAuth extends ApiAuth {
  /** True once calls can be made (always, with a session). */
  ready(): boolean;
  /** Starts signing in: a redirect to the authorization server, or to the shop's sign-in. */
  signIn(): void;
  /** Signs the calls with a guest session's token (one order only), kept in memory only. */
  useGuestSession(token: string): void;
  /** Whether a guest session signs the calls. */
  isGuest(): boolean;
}

/** How one sign-in signs the calls, before a guest session may take over. */
type SignInAuth = Omit<PageAuth, "useGuestSession" | "isGuest">;

const PENDING_KEY = "returnkit.oauth.pending";
/** Set after a sign-in that got a token: a reload may then try `prompt=none`. */
const REMEMBERED_KEY = "returnkit.oauth.remembered";

interface Pending {
  verifier: string;
  state: string;
  /** The page's query before the redirect: the deep link to come back to. */
  back: string;
  /** Whether it was `prompt=none`: its refusal shows the button, never the server's page. */
  silent?: boolean;
}

export async function createPageAuth(config: ClientConfig): Promise<PageAuth> {
  const signedIn =
    config.signIn.mode === "oauth"
      ? await oauthAuth(config, config.signIn)
      : sessionAuth(config, config.signIn.signInUrl);
  return withGuestSession(signedIn);
}

/** `auth`, or a guest session's bearer token once a guest has found an order. */
function withGuestSession(auth: SignInAuth): PageAuth {
  let guest: string | null = null;
  return {
    ready: () => guest !== null || auth.ready(),
    token: () => guest ?? auth.token(),
    // A bearer token is no cookie: a guest's writes need no CSRF token.
    csrf: () => (guest ? Promise.resolve(null) : auth.csrf()),
    signIn: () => auth.signIn(),
    useGuestSession(token) {
      guest = token;
    },
    isGuest: () => guest !== null,
  };
}

function sessionAuth(config: ClientConfig, signInUrl: string | undefined): SignInAuth {
  let csrf = config.csrf;
  return {
    ready: () => true,
    token: () => null,
    async csrf() {
      if (csrf) return csrf;
      const response = await fetch(`${config.base}/csrf`, { credentials: "same-origin" });
      csrf = ((await response.json()) as { token: string }).token;
      return csrf;
    },
    signIn() {
      if (signInUrl) location.assign(`${signInUrl}?return_to=${encodeURIComponent(location.href)}`);
    },
  };
}

async function oauthAuth(config: ClientConfig, settings: OAuthSignIn): Promise<SignInAuth> {
  const rememberedKey = `${REMEMBERED_KEY}.${settings.clientId}`;
  const returning = new URLSearchParams(location.search).has("state");
  let token: string | null = await finishRedirect(config, settings);
  if (token) localStorage.setItem(rememberedKey, "1");
  else if (returning) localStorage.removeItem(rememberedKey);
  else if (localStorage.getItem(rememberedKey)) {
    // The page is leaving for the authorization server and comes back signed in, or with
    // the button: nothing is rendered meanwhile, so the button never flashes.
    await startRedirect(config, settings, true);
    return new Promise<SignInAuth>(() => {});
  }
  return {
    ready: () => token !== null,
    token: () => token,
    csrf: async () => null,
    signIn() {
      token = null;
      void startRedirect(config, settings);
    },
  };
}

/** The page itself: the customer page's or the back office's URL, without its query. */
function redirectUri(): string {
  return `${location.origin}${location.pathname}`;
}

async function startRedirect(
  config: ClientConfig,
  settings: OAuthSignIn,
  silent = false,
): Promise<void> {
  const verifier = randomString(48);
  const state = randomString(16);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  const pending: Pending = { verifier, state, back: location.search, silent };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = new URL(settings.authorizationEndpoint);
  url.search = new URLSearchParams({
    ...(silent ? { prompt: "none" } : {}),
    response_type: "code",
    client_id: settings.clientId,
    redirect_uri: redirectUri(),
    scope: settings.scope ?? "portal:returns.read portal:returns.write",
    resource: settings.resource ?? config.api,
    code_challenge: base64url(new Uint8Array(digest)),
    code_challenge_method: "S256",
    state,
  }).toString();
  location.assign(url.toString());
}

/**
 * The token when the page is the redirect back with a code for the pending sign-in. A
 * redirect back with an error (`login_required` after `prompt=none`, or the user's refusal)
 * gives none; either way the page's own query comes back.
 */
async function finishRedirect(config: ClientConfig, settings: OAuthSignIn): Promise<string | null> {
  const params = new URLSearchParams(location.search);
  const code = params.get("code");
  const pending = sessionStorage.getItem(PENDING_KEY);
  if (!pending || !params.has("state")) return null;
  sessionStorage.removeItem(PENDING_KEY);
  const { verifier, state, back } = JSON.parse(pending) as Pending;
  history.replaceState(null, "", `${location.pathname}${back}`);
  if (!code || params.get("state") !== state) return null;
  const response = await fetch(settings.tokenEndpoint, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri(),
      client_id: settings.clientId,
      code_verifier: verifier,
      resource: settings.resource ?? config.api,
    }),
  });
  if (!response.ok) return null;
  return ((await response.json()) as { access_token?: string }).access_token ?? null;
}

function randomString(bytes: number): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

function base64url(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
