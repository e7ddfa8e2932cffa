/**
 * @module request-body — the one read of an MCP POST body. The size cap comes before any byte
 * is kept (a declared length over it is refused unread, a chunked body as soon as it passes
 * it, both a 413 problem); the body is parsed once, and that one message goes to the step-up
 * check and to the transport alike.
 *
 * A JSON-RPC batch (a JSON array) is refused: the Streamable HTTP transport of the protocol
 * versions served (2025-06-18 and later) carries one message per POST, and one message is
 * what the scope check reads.
 */
import { readBodyBytes } from "@returnkit/core";

export type McpMessageBody =
  | { readonly message: unknown; readonly refusal?: undefined }
  /** A JSON-RPC error answer: the body is not one JSON-RPC message. */
  | { readonly refusal: Response };

/** Parse error and Invalid Request, in JSON-RPC 2.0's numbering. */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

/** The POST body as one message, or the refusal to answer with. Throws the 413 problem. */
export async function readMcpMessage(request: Request, maxBytes: number): Promise<McpMessageBody> {
  const bytes = await readBodyBytes(request, maxBytes);
  let message: unknown;
  try {
    message = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return { refusal: jsonRpcRefusal(PARSE_ERROR, "Parse error: the body is not valid JSON.") };
  }
  if (Array.isArray(message)) {
    return {
      refusal: jsonRpcRefusal(
        INVALID_REQUEST,
        "Invalid Request: JSON-RPC batches are not accepted; send one message per POST (MCP 2025-06-18 and later).",
      ),
    };
  }
  return { message };
}

function jsonRpcRefusal(code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status: 400,
    headers: { "content-type": "application/json" },
  });
}
