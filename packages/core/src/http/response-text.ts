/**
 * @module http/response-text — the text of a response the service built from text, for an
 * adapter that writes to a socket itself.
 *
 * Reading a Fetch `Response` body goes through a web stream; an adapter that already has node's
 * response to write to (Express) can write the text the service serialised instead.
 */

const texts = new WeakMap<Response, string>();

/** A `Response` whose body is `text`, remembered for `responseText`. */
export function textResponse(text: string, init: ResponseInit): Response {
  const response = new Response(text, init);
  texts.set(response, text);
  return response;
}

/**
 * The body of `response` when the service built it from text and nobody has read it yet;
 * undefined otherwise (no body, another handler's response, or a body already used): read
 * that one as usual.
 */
export function responseText(response: Response): string | undefined {
  return response.bodyUsed ? undefined : texts.get(response);
}
