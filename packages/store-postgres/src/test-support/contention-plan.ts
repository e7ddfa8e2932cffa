/**
 * @module test-support/contention-plan — the writes every process of the contention case
 * sends to one return: the same create and submit, then rounds of events that compete (approve
 * against reject against cancel against flag, …), each with an Idempotency-Key every process
 * shares. Round A's approve carries a body of the sender's own under the shared key, so all
 * but one of the processes must get 422 for it.
 *
 * Every event body's note is its key (`<key>` or `<key>|p<child>`), so a history entry names
 * the write that made it.
 *
 * Round A races approve, flag, reject and cancel on a third of the returns, approve and flag
 * on another third, and sends approve alone to the last third: those surely reach `received`
 * (a fit-signal stage) in round C, while the others take whatever path the races give them.
 */
import type { MerchantEvent } from "@returnkit/core";

export type PlannedEvent = "submit" | "cancel" | MerchantEvent;

export interface PlannedWrite {
  /** The client's Idempotency-Key. */
  key: string;
  event: PlannedEvent;
  body: Record<string, unknown>;
  /** False when each process sends a body of its own under this key. */
  shared: boolean;
}

interface ReturnPlan {
  customerId: string;
  create: { key: string; body: Record<string, unknown> };
  submit: PlannedWrite;
  /** Each round's writes are sent at once; rounds follow each other. */
  rounds: PlannedWrite[][];
}

const ROUNDS: Array<[string, PlannedEvent[]]> = [
  ["A", ["approve", "flag", "reject", "cancel"]],
  ["B", ["unflag", "ship", "approve"]],
  ["C", ["receive", "ship", "unflag"]],
  ["D", ["grade", "receive", "unflag"]],
  ["E", ["close", "grade", "unflag"]],
  ["F", ["close", "unflag", "flag"]],
  ["G", ["close", "unflag", "reject"]],
];
/** What competes with approve in round A, by `index % 3`. */
const ROUND_A_RIVALS: readonly (readonly PlannedEvent[])[] = [
  ["flag", "reject", "cancel"],
  ["flag"],
  [],
];

const EXTRA_BODY: Partial<Record<PlannedEvent, Record<string, unknown>>> = {
  reject: { reason_code: "NOT_ELIGIBLE" },
  ship: { carrier: "DHL", tracking_number: "JD0001" },
  grade: { condition: "LIKE_NEW", disposition: "RESTOCK" },
};

function write(key: string, event: PlannedEvent, note = key): PlannedWrite {
  return { key, event, body: { ...EXTRA_BODY[event], note }, shared: note === key };
}

/** What process `child` sends to return number `index`. */
export function returnPlan(index: number, child: number): ReturnPlan {
  const r = `r${index}`;
  const rounds = ROUNDS.map(([round, events]) =>
    events
      .filter(
        (event) =>
          round !== "A" || event === "approve" || ROUND_A_RIVALS[index % 3]!.includes(event),
      )
      .map((event) => {
        const key = `${r}:${round}:${event}`;
        // Same key, a body of each process's own: exactly one of them may run it.
        return round === "A" && event === "approve"
          ? write(key, event, `${key}|p${child}`)
          : write(key, event);
      }),
  );
  return {
    customerId: `cus-${index}`,
    create: {
      key: `${r}:create`,
      body: {
        order_id: `ord-${index}`,
        line: { sku: "TEE-BLK-M", quantity: 1, size: "M" },
        // Half with a fit reason, so received/graded/closed also publish fit signals.
        reason: index % 2 === 0 ? "TOO_SMALL_AT_CHEST" : "DAMAGED",
        resolution: "REFUND",
      },
    },
    submit: write(`${r}:submit`, "submit"),
    rounds,
  };
}

/** Every key of one return's plan (the same for every process), and whether its body is shared. */
export function planKeys(index: number): Array<{ key: string; shared: boolean }> {
  const plan = returnPlan(index, 0);
  return [
    { key: plan.create.key, shared: true },
    ...[plan.submit, ...plan.rounds.flat()].map(({ key, shared }) => ({ key, shared })),
  ];
}

/** mulberry32: a seeded generator, so a failing run can be replayed. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
