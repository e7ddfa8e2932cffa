/**
 * Runs the example receiver alone and prints each return's timeline as events arrive:
 *   WEBHOOK_SECRET=whsec_… PORT=4000 pnpm --filter @returnkit/example-webhook-receiver start
 */
import { startWebhookReceiver } from "./receiver";

const secret = process.env.WEBHOOK_SECRET;
if (!secret) {
  console.error("Set WEBHOOK_SECRET to the whsec_… secret registered with returnkit.");
  process.exit(1);
}
const receiver = await startWebhookReceiver({
  secrets: [secret],
  port: Number(process.env.PORT ?? 4000),
  onWebhook: (w) => {
    const steps = receiver.timeline(w.returnId).map((x) => x.event.type.replace("return.", ""));
    console.log(
      `${w.receivedAt.toISOString()}  ${w.returnId}  #${w.seq} ${w.event.type}   [${steps.join(" → ")}]`,
    );
  },
  onRejected: (error) => console.warn(`rejected delivery: ${error.code} (${error.message})`),
});
console.log(`listening on ${receiver.url}`);
process.on("SIGINT", () => receiver.close().then(() => process.exit(0)));
