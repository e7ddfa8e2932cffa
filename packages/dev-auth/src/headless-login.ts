/**
 * @module headless-login — the user's side of an authorization request on the development
 * server, without a browser: follow its redirects with a cookie jar, and submit its login and
 * consent forms as `username` (any password passes), until it redirects to the client.
 */

/** Follows `authorizeUrl` until the redirect to `redirectUri`, and returns that URL. */
export async function loginAndConsent(
  authorizeUrl: string,
  redirectUri: string,
  username: string,
): Promise<URL> {
  const jar = new CookieJar();
  let response = await jar.fetch(authorizeUrl);
  // Login, consent, and the redirects between them: a handful of pages; a loop means a bug.
  for (let page = 0; page < 16; page++) {
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, response.url || authorizeUrl);
      if (next.href.startsWith(redirectUri)) return next;
      response = await jar.fetch(next.href);
      continue;
    }
    const html = await response.text();
    const form = /<form\b[^>]*\baction="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
    if (!form) {
      throw new Error(`the authorization server answered ${response.status} without a form`);
    }
    const fields = new URLSearchParams();
    for (const [input] of (form[2] ?? "").matchAll(/<input\b[^>]*>/gi)) {
      const name = /\bname="([^"]+)"/.exec(input)?.[1];
      if (!name) continue;
      const value = /\bvalue="([^"]*)"/.exec(input)?.[1] ?? "";
      fields.set(name, name === "login" ? username : name === "password" ? "dev" : value);
    }
    response = await jar.fetch(new URL(form[1] ?? "", response.url).href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: fields,
    });
  }
  throw new Error("the authorization flow never redirected to the client");
}

/** One origin's cookies, enough for the server's interaction pages; redirects not followed. */
class CookieJar {
  readonly #cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.#cookies.size) {
      headers.set(
        "cookie",
        [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      );
    }
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(";", 1)[0] ?? "";
      const equals = pair.indexOf("=");
      if (equals > 0)
        this.#cookies.set(pair.slice(0, equals).trim(), pair.slice(equals + 1).trim());
    }
    return response;
  }
}
