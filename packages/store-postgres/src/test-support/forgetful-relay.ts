/**
 * @module test-support/forgetful-relay — a TCP relay to the database that can forget its
 * connections the way a NAT or a load balancer does after an idle timeout.
 *
 * Forgotten, a connection's server side is closed (the server ends that session), while the
 * client hears nothing: a pooled connection still looks alive in its Pool. The next bytes the
 * client sends are answered with a reset, so the statement fails with `ECONNRESET`. A real
 * server restart behind a proxy looks the same to the client.
 */
import { once } from "node:events";
import net from "node:net";

interface ForgetfulRelay {
  /** `databaseUrl` with the relay's port in place of the server's. */
  url: string;
  /** Forgets every connection open now. */
  forgetAll(): number;
  /** Resets sent so far: statements sent on a forgotten connection. */
  readonly resets: number;
  close(): Promise<void>;
}

export async function forgetfulRelay(databaseUrl: string): Promise<ForgetfulRelay> {
  const target = new URL(databaseUrl);
  const pairs = new Set<{ client: net.Socket; server: net.Socket; forgotten: boolean }>();
  let resets = 0;
  const relay = net.createServer((client) => {
    const server = net.connect(Number(target.port || 5432), target.hostname);
    const pair = { client, server, forgotten: false };
    pairs.add(pair);
    client.on("data", (chunk) => {
      if (!pair.forgotten) server.write(chunk);
      else if (!client.destroyed) {
        resets++;
        client.resetAndDestroy();
      }
    });
    server.on("data", (chunk) => {
      if (!pair.forgotten) client.write(chunk);
    });
    client.on("close", () => {
      pairs.delete(pair);
      server.destroy();
    });
    // A forgotten connection's client must not hear its server side go.
    server.on("close", () => {
      if (!pair.forgotten) client.destroy();
    });
    client.on("error", () => {});
    server.on("error", () => {});
  });
  relay.listen(0, "127.0.0.1");
  await once(relay, "listening");
  const { port } = relay.address() as net.AddressInfo;
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    forgetAll() {
      let forgotten = 0;
      for (const pair of pairs) {
        if (pair.forgotten) continue;
        pair.forgotten = true;
        pair.server.destroy();
        forgotten++;
      }
      return forgotten;
    },
    get resets() {
      return resets;
    },
    async close() {
      for (const { client, server } of pairs) {
        client.destroy();
        server.destroy();
      }
      relay.close();
      await once(relay, "close");
    },
  };
}
