/** @module util/etag — a return's version as an HTTP entity tag, and If-Match against it. */

/** The tags of the first versions, made once: every stored response of a version shares one. */
const FIRST_ETAGS = Array.from({ length: 64 }, (_, version) => `"${version}"`);

export function etagOf(version: number): string {
  return FIRST_ETAGS[version] ?? `"${version}"`;
}

/** True when an If-Match value names `version` (a list of ETags, weak or strong, or `*`). */
export function etagMatches(ifMatch: string | number, version: number): boolean {
  if (typeof ifMatch === "number") return ifMatch === version;
  return ifMatch.split(",").some((raw) => {
    const tag = raw.trim();
    if (tag === "*") return true;
    const bare = tag.replace(/^W\//, "").replace(/^"(.*)"$/, "$1");
    return bare === String(version);
  });
}
