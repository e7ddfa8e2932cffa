/**
 * @module test-support/receiver-thread — a webhook receiver on 127.0.0.1, on a thread of its
 * own, that answers every request 204 and records it.
 *
 * Its own thread, as a real receiver runs elsewhere: on the test's event loop, a busy parent
 * (committing, reading the ledger) would hold its answers back past the dispatchers' timeout
 * and turn into failures the receiver never chose.
 */
import { once } from "node:events";
import { Worker } from "node:worker_threads";

export interface ReceivedRequest {
  /** `webhook-id`: the event id. */
  id: string;
  returnId: string;
  seq: number;
  type: string;
  /** Arrival order across the receiver, from 0. */
  index: number;
  /** What the receiver answered. */
  status: number;
}

export interface ReceiverThread {
  url: string;
  /** Every request so far, in arrival order. */
  requests(): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

const SOURCE = `
const { createServer } = require("node:http");
const { parentPort, workerData } = require("node:worker_threads");
const requests = [];
const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const payload = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    requests.push({
      id: String(req.headers["webhook-id"]),
      // The event's subject: its return, or for an event about a customer that customer.
      returnId: payload.data.return ? payload.data.return.id : payload.data.customer_id,
      seq: payload.data.transition ? payload.data.transition.seq : null,
      type: payload.type,
      index: requests.length,
      status: 204,
    });
    res.writeHead(204);
    res.end();
  });
});
server.keepAliveTimeout = 60000;
server.listen(workerData.port, "127.0.0.1", () => parentPort.postMessage({ port: server.address().port }));
parentPort.on("message", (message) => {
  if (message === "requests") parentPort.postMessage({ requests });
  if (message === "close") {
    server.closeAllConnections();
    server.close(() => parentPort.postMessage({ closed: true }));
  }
});
`;

/** On port `listenOn`, or on one the system picks. */
export async function startReceiverThread(listenOn = 0): Promise<ReceiverThread> {
  const worker = new Worker(SOURCE, { eval: true, workerData: { port: listenOn } });
  const [{ port }] = (await once(worker, "message")) as [{ port: number }];
  let closed = false;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    async requests() {
      worker.postMessage("requests");
      const [{ requests }] = (await once(worker, "message")) as [{ requests: ReceivedRequest[] }];
      return requests;
    },
    async close() {
      if (closed) return;
      closed = true;
      worker.postMessage("close");
      await once(worker, "message");
      await worker.terminate();
    },
  };
}

/**
 * Per return, the events in the order their first 2xx arrived, each once: what a receiver that
 * drops duplicates by `webhook-id` processes. At-least-once may repeat an event, never reorder
 * first arrivals.
 */
export function firstArrivalsByReturn(requests: readonly ReceivedRequest[]): Map<string, string[]> {
  const seen = new Set<string>();
  const byReturn = new Map<string, string[]>();
  for (const request of requests) {
    if (request.status < 200 || request.status >= 300 || seen.has(request.id)) continue;
    seen.add(request.id);
    const list = byReturn.get(request.returnId) ?? [];
    list.push(request.id);
    byReturn.set(request.returnId, list);
  }
  return byReturn;
}
