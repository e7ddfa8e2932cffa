/**
 * @module util/logged-url — a URL as logs, spans and error reports may show it. A webhook URL
 * often carries its receiver's token (`?token=…`, or `user:password@` saved before those were
 * refused), and logs are read by more people than the receiver's owner: every query value and
 * any credentials are replaced by `REDACTED`, the fragment is dropped, the rest is kept.
 */

const REDACTED = "REDACTED";

export function loggedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not a URL (a refused option, say): nothing after its query or fragment is shown.
    const cut = url.search(/[?#]/);
    return cut === -1 ? url : `${url.slice(0, cut + 1)}${REDACTED}`;
  }
  if (parsed.username !== "" || parsed.password !== "") {
    parsed.username = REDACTED;
    parsed.password = "";
  }
  parsed.hash = "";
  if (parsed.search !== "") {
    const names = [...parsed.searchParams.keys()];
    parsed.search = names.map((name) => `${encodeURIComponent(name)}=${REDACTED}`).join("&");
  }
  return parsed.href;
}
