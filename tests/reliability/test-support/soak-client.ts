/**
 * @module reliability/test-support/soak-client — one of the soak's client processes.
 *
 * Until its deadline it sends mixed traffic to the server for returns of its own: creates,
 * lifecycle events (portal and merchant), replays of writes it already had acknowledged (the
 * same key and body again), and reads. Every write carries an Idempotency-Key and its key
 * as the body's `note` (or in the order id, for creates), so the final check can find each
 * write in the store. A write is retried with the same key on network errors, 5xx and the
 * 409s that ask for a retry (in-progress, concurrent-update), until it gets a final answer
 * or 30 s pass. Reports its ledger over IPC.
 */
import { soakToken } from "./soak-auth";

export interface AckedWrite {
  key: string;
  kind: "create" | "event";
  event: string;
  method: "POST";
  path: string;
  body: string;
  token: string;
  returnId: string;
  status: number;
  /** The response body's `version`, for replays to compare. */
  version: number;
}

export interface UnackedWrite {
  key: string;
  kind: "create" | "event";
  returnId: string | null;
  orderId: string | null;
}

export interface ClientReport {
  client: number;
  requests: number;
  acks: number;
  retries: number;
  replaysAbsorbed: number;
  /** Retries answered with a replay: the first try had committed before its answer was lost. */
  retriesAbsorbed: number;
  reads: number;
  /** Answers no correct server gives here (5xx are retried, and counted in retries). */
  unexpected: string[];
  fiveHundreds: number;
  acked: AckedWrite[];
  unacked: UnackedWrite[];
}

const NEXT: Record<string, { event: string; caller: "portal" | "merchant" }[]> = {
  draft: [
    { event: "submit", caller: "portal" },
    { event: "submit", caller: "portal" },
    { event: "cancel", caller: "portal" },
  ],
  submitted: [
    { event: "approve", caller: "merchant" },
    { event: "approve", caller: "merchant" },
    { event: "flag", caller: "merchant" },
    { event: "reject", caller: "merchant" },
  ],
  approved: [
    { event: "ship", caller: "merchant" },
    { event: "ship", caller: "merchant" },
    { event: "flag", caller: "merchant" },
    { event: "cancel", caller: "portal" },
  ],
  in_transit: [
    { event: "receive", caller: "merchant" },
    { event: "flag", caller: "merchant" },
  ],
  received: [{ event: "grade", caller: "merchant" }],
  graded: [
    { event: "close", caller: "merchant" },
    { event: "flag", caller: "merchant" },
  ],
  flagged: [
    { event: "unflag", caller: "merchant" },
    { event: "unflag", caller: "merchant" },
    { event: "reject", caller: "merchant" },
  ],
};

const client = Number(process.env.SOAK_CLIENT);
const base = `http://127.0.0.1:${process.env.SOAK_PORT}`;
const deadline = Number(process.env.SOAK_DEADLINE);
const customer = `soak-customer-${client}`;
const portal = soakToken("portal", customer);
const merchant = soakToken("merchant", `soak-staff-${client}`);
const GIVE_UP_MS = 30_000;

const report: ClientReport = {
  client,
  requests: 0,
  acks: 0,
  retries: 0,
  replaysAbsorbed: 0,
  retriesAbsorbed: 0,
  reads: 0,
  unexpected: [],
  fiveHundreds: 0,
  acked: [],
  unacked: [],
};
/** Returns this client may still move, by id, with their last known state. */
const open = new Map<string, string>();
let counter = 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

interface Answer {
  status: number;
  json: { id?: string; state?: string; version?: number; type?: string };
  replayed: boolean;
}

/** Sends until a final answer; null when it never came within GIVE_UP_MS. */
async function send(
  path: string,
  token: string,
  key: string,
  body: string,
): Promise<Answer | null> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) {
      report.retries++;
      if (Date.now() - started > GIVE_UP_MS) return null;
      await sleep(100 + Math.random() * 200);
    }
    report.requests++;
    let response: Response;
    try {
      response = await fetch(base + path, {
        method: "POST",
        headers: {
          authorization: token,
          "content-type": "application/json",
          "idempotency-key": key,
        },
        body,
        signal: AbortSignal.timeout(5_000),
      });
    } catch {
      continue; // refused while the server is down, or reset when it was killed
    }
    const text = await response.text().catch(() => null);
    if (text === null) continue;
    if (response.status >= 500) {
      report.fiveHundreds++;
      continue;
    }
    const json = JSON.parse(text) as Answer["json"];
    const retryAsked = /:concurrent-update$/.test(json.type ?? "");
    if (response.status === 409 && retryAsked) continue;
    const replayed = response.headers.get("idempotent-replayed") === "true";
    if (attempt > 0 && replayed) report.retriesAbsorbed++;
    return {
      status: response.status,
      json,
      replayed: response.headers.get("idempotent-replayed") === "true",
    };
  }
}

async function create() {
  const key = `c${client}-${++counter}`;
  const orderId = `ord-${key}`;
  const body = JSON.stringify({
    order_id: orderId,
    line: { sku: "TEE-BLK-M", quantity: 1, size: "M" },
    reason: pick(["TOO_SMALL_AT_CHEST", "TOO_LARGE", "DAMAGED", "CHANGED_MIND"]),
    resolution: "REFUND",
  });
  const answer = await send("/v1/portal/returns", portal, key, body);
  if (!answer) {
    report.unacked.push({ key, kind: "create", returnId: null, orderId });
    return;
  }
  if (answer.status !== 201) {
    report.unexpected.push(`create ${key} → ${answer.status} ${JSON.stringify(answer.json)}`);
    return;
  }
  const id = answer.json.id!;
  report.acks++;
  report.acked.push({
    key,
    kind: "create",
    event: "create",
    method: "POST",
    path: "/v1/portal/returns",
    body,
    token: portal,
    returnId: id,
    status: 201,
    version: answer.json.version!,
  });
  open.set(id, answer.json.state!);
}

async function advance() {
  const [id, state] = pick([...open]);
  const step = pick(NEXT[state]!);
  const key = `e${client}-${++counter}`;
  const path =
    step.caller === "portal"
      ? `/v1/portal/returns/${id}/${step.event}`
      : `/v1/merchant/returns/${id}/${step.event}`;
  const token = step.caller === "portal" ? portal : merchant;
  const body = JSON.stringify({ note: key });
  const answer = await send(path, token, key, body);
  if (!answer) {
    // Whether it happened is unknown: leave this return alone from now on.
    report.unacked.push({ key, kind: "event", returnId: id, orderId: null });
    open.delete(id);
    return;
  }
  if (answer.status !== 200) {
    report.unexpected.push(
      `${step.event} ${id} from ${state} → ${answer.status} ${JSON.stringify(answer.json)}`,
    );
    open.delete(id);
    return;
  }
  report.acks++;
  report.acked.push({
    key,
    kind: "event",
    event: step.event,
    method: "POST",
    path,
    body,
    token,
    returnId: id,
    status: 200,
    version: answer.json.version!,
  });
  if (NEXT[answer.json.state!]) open.set(id, answer.json.state!);
  else open.delete(id);
}

async function replay() {
  const write = pick(report.acked);
  const answer = await send(write.path, write.token, write.key, write.body);
  if (!answer) return;
  if (!answer.replayed || answer.status !== write.status || answer.json.version !== write.version) {
    report.unexpected.push(
      `replay of ${write.key} → ${answer.status} replayed=${answer.replayed} version ${answer.json.version} (was ${write.version})`,
    );
    return;
  }
  report.replaysAbsorbed++;
}

async function read() {
  const write = pick(report.acked);
  report.requests++;
  try {
    const response = await fetch(`${base}/v1/portal/returns/${write.returnId}`, {
      headers: { authorization: portal },
      signal: AbortSignal.timeout(5_000),
    });
    const json = (await response.json()) as { version?: number };
    if (response.status === 200 && (json.version ?? 0) < write.version) {
      report.unexpected.push(
        `read ${write.returnId}: version ${json.version} < acknowledged ${write.version}`,
      );
    }
    if (response.status >= 500) report.fiveHundreds++;
    report.reads++;
  } catch {
    // the server is down; reads are not retried
  }
}

while (Date.now() < deadline) {
  const r = Math.random();
  if (open.size === 0 || r < 0.25) await create();
  else if (r < 0.8) await advance();
  else if (r < 0.92) await replay();
  else await read();
}
process.send!(report, () => process.exit(0));
