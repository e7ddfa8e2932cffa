/** @module body-bytes — node's request body of declared length, read whole into one Buffer. */
import type { IncomingMessage } from "node:http";

/**
 * The body of `req`, whose Content-Length the caller checked against its limit (node's parser
 * delivers no more bytes than declared), or null when the client went away before sending it
 * all. Without a web stream in between: on a small body that stream is a large share of the
 * request's cost. A client that never finishes is bounded by the server's `requestTimeout`,
 * which closes the connection and so settles this with null.
 */
export function readDeclaredBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const settle = (body: Buffer | null) => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("close", onClose);
      // The error listener stays: a late 'error' must not become an unhandled event.
      resolve(body);
    };
    function onData(chunk: Buffer) {
      chunks.push(chunk);
      length += chunk.byteLength;
    }
    function onEnd() {
      settle(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length));
    }
    function onClose() {
      if (!req.complete) settle(null);
    }
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("close", onClose);
    req.on("error", () => settle(null));
  });
}
