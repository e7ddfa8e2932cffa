/**
 * Runs the example receiver alone and prints each return's timeline as events arrive. It
 * reads the two variables `pnpm start` reads, so one pair points the server at it:
 *
 *   export WEBHOOK_URL=http://127.0.0.1:4000/webhooks/returnkit WEBHOOK_SECRET=whsec_…
 *   pnpm run receiver      # in one terminal: listens on WEBHOOK_URL's port
 *   pnpm start             # in another: sends every event there, signed with WEBHOOK_SECRET
 *
 * Without WEBHOOK_SECRET it makes one up and prints the `pnpm start` line that matches it.
 */
import { generateWebhookSecret } from "@returnkit/core";
import { startWebhookReceiver } from "./receiver";

const url = new URL(process.env.WEBHOOK_URL || "http://127.0.0.1:4000/webhooks/returnkit");
const secret = process.env.WEBHOOK_SECRET || generateWebhookSecret();
const receiver = await startWebhookReceiver({
  secrets: [secret],
  host: url.hostname,
  port: Number(url.port || 80),
  onWebhook: (w) => {
    const steps = receiver.timeline(w.returnId).map((x) => x.event.type.replace("return.", ""));
    console.log(
      `${w.receivedAt.toISOString()}  ${w.returnId}  #${w.seq} ${w.event.type}   [${steps.join(" → ")}]`,
    );
  },
  onTestEvent: (event) =>
    console.log(`${event.timestamp}  test event for ${event.data.endpoint_id}: acknowledged`),
  onRejected: (error) => console.warn(`rejected delivery: ${error.code} (${error.message})`),
}).catch((error: NodeJS.ErrnoException) => {
  console.error(
    error.code === "EADDRINUSE"
      ? `Port ${url.port} is in use: set WEBHOOK_URL to a URL on a free port (for it and for pnpm start).`
      : error.message,
  );
  process.exit(1);
});
// The port bound: WEBHOOK_URL's, or a free one when it names port 0.
url.port = new URL(receiver.url).port;
console.log(`listening on ${url.href}`);
if (!process.env.WEBHOOK_SECRET) {
  console.log(
    `Point pnpm start at it:\n  WEBHOOK_URL=${url.href} WEBHOOK_SECRET=${secret} pnpm start`,
  );
}

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void receiver.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
