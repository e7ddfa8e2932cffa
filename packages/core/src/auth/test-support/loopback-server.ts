/**
 * @module auth/test-support/loopback-server — serves a Fetch handler on 127.0.0.1 with
 * node:http, so tests talk to returnkit over a real socket as an outside agent would.
 *
 * The server listens before it has a handler: the service's `baseUrl` (its resource
 * identifier) must contain the port, and the authorization server must know that identifier
 * before the service can be configured with the authorization server's issuer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FetchHandler = (request: Request) => Promise<Response>;

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  origin: string;
  /** Starts answering with `handler`; until then every request gets a 503. */
  serve(handler: FetchHandler): void;
  close(): Promise<void>;
}

export async function startLoopbackServer(): Promise<LoopbackServer> {
  let handler: FetchHandler | undefined;
  const server = createServer((req, res) => {
    if (!handler) {
      res.writeHead(503).end();
      return;
    }
    bridge(handler, origin, req, res).catch((error: unknown) => {
      // The handler turns every failure into a response; reaching here is a test bug.
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    serve(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets from fetch would otherwise hold the server open.
        server.closeAllConnections();
      }),
  };
}

async function bridge(
  handler: FetchHandler,
  origin: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  // The URL is built from our own origin, not the Host header a client chose.
  const request = new Request(`${origin}${req.url ?? "/"}`, {
    method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
  const response = await handler(request);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(method === "HEAD" ? undefined : Buffer.from(await response.arrayBuffer()));
}
