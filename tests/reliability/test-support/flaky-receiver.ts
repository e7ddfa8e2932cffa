/**
 * @module reliability/test-support/flaky-receiver — a webhook receiver on its own thread that
 * fails a share of requests at random (500, no answer, reset connection), for soak tests.
 *
 * Its own thread, as a real receiver runs in its own process: on the dispatcher's event
 * loop, a busy dispatcher would delay the receiver's 2xx past the dispatcher's timeout and
 * make a failure the receiver never chose.
 */
import { once } from "node:events";
import { Worker } from "node:worker_threads";

interface FlakyReceiverOptions {
  /** Share of requests that fail, in [0, 1]. */
  failureRate: number;
  /** Seed of the receiver's own generator, so a failing run can be replayed. */
  seed: number;
}

export interface FlakyRequest {
  /** `webhook-id`. */
  id: string;
  returnId: string;
  /** What the receiver did: a status it answered, or `hang` / `reset`. */
  answer: number | "hang" | "reset";
}

export interface FlakyReceiver {
  url: string;
  /** Every request so far, in arrival order. */
  requests(): Promise<FlakyRequest[]>;
  close(): Promise<void>;
}

const SOURCE = `
const { createServer } = require("node:http");
const { parentPort, workerData } = require("node:worker_threads");
let state = workerData.seed >>> 0;
function random() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const requests = [];
const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const payload = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const request = { id: String(req.headers["webhook-id"]), returnId: payload.data.return.id, answer: 204 };
    if (random() < workerData.failureRate) request.answer = [500, "hang", "reset"][Math.floor(random() * 3)];
    requests.push(request);
    if (request.answer === "reset") req.socket.destroy();
    else if (request.answer !== "hang") {
      res.writeHead(request.answer);
      res.end();
    }
  });
});
server.listen(0, "127.0.0.1", () => parentPort.postMessage({ port: server.address().port }));
parentPort.on("message", (message) => {
  if (message === "requests") parentPort.postMessage({ requests });
  if (message === "close") {
    server.closeAllConnections();
    server.close(() => parentPort.postMessage({ closed: true }));
  }
});
`;

export async function startFlakyReceiver(options: FlakyReceiverOptions): Promise<FlakyReceiver> {
  const worker = new Worker(SOURCE, { eval: true, workerData: options });
  const [{ port }] = (await once(worker, "message")) as [{ port: number }];
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    async requests() {
      worker.postMessage("requests");
      const [{ requests }] = (await once(worker, "message")) as [{ requests: FlakyRequest[] }];
      return requests;
    },
    async close() {
      worker.postMessage("close");
      await once(worker, "message");
      await worker.terminate();
    },
  };
}
