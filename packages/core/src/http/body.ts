/**
 * @module http/body — reads a JSON request body with a hard size limit.
 *
 * A body of declared length is refused up front when the length is over the limit, and
 * otherwise read in one `arrayBuffer()`: the server's parser delivers no more than the declared
 * bytes, and building a web stream per request is a large share of a small request's cost.
 * A chunked body (no declared length) is read through a stream with the limit enforced while
 * streaming, so a 10 MB upload costs at most `maxBytes` of memory. Either way a body over the
 * limit is a 413, even one that lied about its length.
 */
import { problems } from "../domain/problems";

const JSON_MEDIA_TYPE = /^application\/(?:[\w.+-]+\+)?json$/i;

interface ReadBodyOptions {
  maxBytes: number;
  /** When false, an empty body reads as undefined; when true it is a 400. */
  required: boolean;
}

/** The parsed body, or undefined for an empty optional body. Throws 400/413/415 problems. */
export async function readJsonBody(request: Request, options: ReadBodyOptions): Promise<unknown> {
  const bytes = await readBodyBytes(request, options.maxBytes);
  const contentType = request.headers.get("content-type");
  if (bytes.length === 0) {
    if (options.required) {
      throw problems.invalidBody("A JSON body is required.", [
        { path: "(root)", message: "Required" },
      ]);
    }
    return undefined;
  }
  const mediaType = contentType?.split(";")[0]?.trim() ?? null;
  if (!mediaType || !JSON_MEDIA_TYPE.test(mediaType))
    throw problems.unsupportedMediaType(mediaType);

  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw problems.invalidBody("The body is not valid UTF-8.", [
      { path: "(root)", message: "Invalid UTF-8" },
    ]);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : "Malformed JSON";
    throw problems.invalidBody(`The body is not valid JSON: ${message}`, [
      { path: "(root)", message: "Malformed JSON" },
    ]);
  }
}

/**
 * The body as UTF-8 text, exactly as sent (a signature covers these bytes), at most `maxBytes`
 * of it (413 beyond). Throws 400 for a body that is not UTF-8.
 */
export async function readTextBody(request: Request, maxBytes: number): Promise<string> {
  const bytes = await readBodyBytes(request, maxBytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw problems.invalidBody("The body is not valid UTF-8.", [
      { path: "(root)", message: "Invalid UTF-8" },
    ]);
  }
}

/**
 * The body's bytes, never more than `maxBytes` of them kept: a declared length over the limit
 * is a 413 before any byte is read, a chunked body a 413 as soon as it passes the limit.
 */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw problems.payloadTooLarge(maxBytes);
  return declared !== null && !request.headers.has("transfer-encoding")
    ? readDeclared(request, maxBytes)
    : readLimited(request, maxBytes);
}

async function readDeclared(request: Request, maxBytes: number): Promise<Uint8Array> {
  const buffer = await request.arrayBuffer().catch((error: unknown) => {
    // The client went away mid-upload: nobody is left to answer, and it is not our fault.
    throw problems.bodyAborted(error);
  });
  if (buffer.byteLength > maxBytes) throw problems.payloadTooLarge(maxBytes);
  return new Uint8Array(buffer);
}

async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read().catch((error: unknown) => {
        // The client went away mid-upload: nobody is left to answer, and it is not our fault.
        throw problems.bodyAborted(error);
      });
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => {});
        throw problems.payloadTooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock?.();
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
