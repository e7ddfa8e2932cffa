/**
 * Runs the Express example on PORT (default 3100) with two demo sessions. SIGTERM or SIGINT
 * stops it cleanly: no new connections, the returns service closed (its dispatcher and
 * retention timers stopped), then exit 0.
 */
import { createShopApp, type Sessions } from "./app";

const port = Number(process.env.PORT ?? 3100);
const sessions: Sessions = new Map([
  ["customer-session", { kind: "customer", id: "alice" }],
  ["staff-session", { kind: "staff", id: "warehouse-1" }],
]);
const { app, returns } = createShopApp({
  origin: `http://127.0.0.1:${port}`,
  sessions,
  onWebhook: (event) => console.log(`webhook ${event.type}`),
});
returns.dispatcher.start();
returns.scheduler.start();
const server = app.listen(port, "127.0.0.1", () => {
  console.log(`shop on http://127.0.0.1:${port}; returns API under /returns
  curl -s -X POST http://127.0.0.1:${port}/returns/v1/portal/returns -H 'x-shop-session: customer-session' \\
    -H 'content-type: application/json' -H 'idempotency-key: first' \\
    -d '{"order_id":"ord_1","line":{"sku":"TEE"},"reason":"DAMAGED","resolution":"REFUND"}'`);
});
server.headersTimeout = 10_000;
server.requestTimeout = 30_000;

// Once, though a terminal's Ctrl-C or a process-group SIGTERM may reach this process twice.
let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  void new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  })
    .then(() => returns.close())
    .then(() => {
      console.log("shop stopped");
      process.exit(0);
    });
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
