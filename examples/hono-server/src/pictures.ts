/**
 * @module pictures — the example shop's product pictures, served by the server itself at
 * `/pictures/<name>.svg` so the pages show them offline: small SVG files from one folder,
 * by name only (no path reaches outside it).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const PICTURES_PATH = "/pictures";
const NAME = /^[a-z0-9-]+\.svg$/;

/** The picture `name` from `dir` as a response, or null when there is none by that name. */
export function pictureResponse(dir: string, name: string): Response | null {
  if (!NAME.test(name)) return null;
  let body: Buffer;
  try {
    body = readFileSync(join(dir, name));
  } catch {
    return null;
  }
  return new Response(new Uint8Array(body), {
    headers: {
      "content-type": "image/svg+xml",
      "cache-control": "public, max-age=3600",
      "x-content-type-options": "nosniff",
      // Opened on its own, an SVG is a document: this one may run and load nothing.
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
