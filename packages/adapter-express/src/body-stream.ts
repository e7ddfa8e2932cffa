/** @module body-stream — node's request body as a web stream the core can cancel. */
import type { IncomingMessage } from "node:http";

/**
 * The request body as a web stream with backpressure. Unlike `Readable.toWeb`, cancelling
 * it does not destroy the socket before the response is written: the rest of the upload is
 * discarded, and the adapter closes the connection after answering.
 *
 * Once the stream is closed, errored or cancelled its controller is never touched again:
 * the request's `end` or `error` can still arrive after the core gave up on the body (a
 * chunked upload over the limit that does send its last chunk), and a throw from those
 * event handlers would take the host process down.
 */
export function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let settled = false;
  // The error listener stays: an upload aborted after a cancel must not become an
  // unhandled 'error' event.
  const detach = () => {
    settled = true;
    req.off("data", onData);
    req.off("end", onEnd);
  };
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  function onData(chunk: Buffer) {
    if (settled) return;
    controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  }
  function onEnd() {
    if (settled) return;
    detach();
    controller.close();
  }
  function onError(error: Error) {
    if (settled) return;
    detach();
    controller.error(error);
  }
  return new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      req.on("data", onData);
      req.once("end", onEnd);
      req.on("error", onError);
      req.pause();
    },
    pull() {
      req.resume();
    },
    cancel() {
      detach();
      req.resume();
    },
  });
}
