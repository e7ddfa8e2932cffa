/**
 * @module auth/test-support/headless-browser — just enough of a browser for an agent to get
 * through an authorization server's login and consent pages: a cookie jar that honours `Path`
 * and expiry, manual redirects, and HTML forms read from the page and submitted as a user
 * would. No JavaScript, no DOM: the pages of the dev server are plain forms.
 */

interface StoredCookie {
  name: string;
  value: string;
  origin: string;
  path: string;
}

interface HtmlForm {
  /** Absolute URL the form posts to. */
  action: string;
  method: string;
  /** Every named input with its value ("" when the page leaves it empty). */
  fields: Record<string, string>;
}

export class HeadlessBrowser {
  #cookies: StoredCookie[] = [];

  /** One request, redirects not followed, cookies sent and stored. */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    const cookie = this.#cookies
      .filter((c) => c.origin === target.origin && pathMatches(target.pathname, c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
    if (cookie) headers.set("cookie", cookie);
    const response = await fetch(target, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) this.#store(target, line);
    return response;
  }

  /** The forms of an HTML page, with their actions resolved against the page's URL. */
  static formsOf(html: string, pageUrl: string): HtmlForm[] {
    return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)].map((match) => {
      const attributes = attributesOf(match[1] ?? "");
      const fields: Record<string, string> = {};
      for (const input of (match[2] ?? "").matchAll(/<input\b([^>]*)>/gi)) {
        const { name, value } = attributesOf(input[1] ?? "");
        if (name) fields[name] = value ?? "";
      }
      return {
        action: new URL(attributes.action ?? pageUrl, pageUrl).href,
        method: (attributes.method ?? "get").toUpperCase(),
        fields,
      };
    });
  }

  #store(url: URL, line: string): void {
    const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
    const equals = pair.indexOf("=");
    if (equals <= 0) return;
    const name = pair.slice(0, equals);
    const value = pair.slice(equals + 1);
    let path = url.pathname.replace(/\/[^/]*$/, "") || "/";
    let expired = false;
    for (const attribute of attributes) {
      const [key = "", val = ""] = attribute.split("=", 2);
      switch (key.toLowerCase()) {
        case "path":
          path = val || "/";
          break;
        case "max-age":
          expired ||= Number(val) <= 0;
          break;
        case "expires":
          expired ||= Date.parse(val) <= Date.now();
          break;
      }
    }
    this.#cookies = this.#cookies.filter(
      (c) => !(c.name === name && c.path === path && c.origin === url.origin),
    );
    if (!expired) this.#cookies.push({ name, value, origin: url.origin, path });
  }
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith("/") || requestPath[cookiePath.length] === "/";
}

function attributesOf(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    const name = match[1]?.toLowerCase();
    if (name) attributes[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attributes;
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (entity, code: string) => {
    const lower = code.toLowerCase();
    if (lower.startsWith("#x")) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return String.fromCodePoint(Number(lower.slice(1)));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[lower] ?? entity;
  });
}
