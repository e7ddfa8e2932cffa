import { makeStoredReturn, T0 } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import type { Principal } from "../../domain/principal";
import { isProblemError, type ProblemError } from "../../domain/problems";
import { everyProblem } from "../../domain/test-support/every-problem";
import { memoryStore } from "../../store/memory/memory-store";
import { createIdempotencyEngine, DEFAULT_IDEMPOTENCY, type IdempotentRequest } from "./engine";

const customer: Principal = { kind: "portal", id: "user-1", scopes: ["portal:returns.write"] };

/** The only refusals that answer a key for good: the return is not there, or the event no longer applies. */
const STORED_PROBLEMS = ["returnNotFound", "returnRequestNotFound", "invalidTransition"];

let keys = 0;

function setup() {
  const store = memoryStore();
  const engine = createIdempotencyEngine(store, DEFAULT_IDEMPOTENCY, () => T0);
  const request = (): IdempotentRequest => ({
    principal: customer,
    method: "POST",
    path: "/v1/portal/returns",
    key: `key-${++keys}`,
    body: { order_id: "ord_1" },
  });
  let writes = 0;
  /**
   * Runs `request` with an operation that throws `problem`, or else commits a new return
   * with the key, as the service's writes do (a key recorded first is reported as a value).
   */
  const run = async (request: IdempotentRequest, problem?: ProblemError) =>
    engine.run(request, async (use) => {
      if (problem) throw problem;
      const next = makeStoredReturn();
      const response = { status: 201, body: next.record, headers: {} };
      const result = await store.commit({
        next,
        expectedVersion: null,
        events: [],
        idempotency: use ? { ...use, response } : undefined,
      });
      if (!result.ok && result.reason === "idempotency_conflict") {
        return { kind: "key-taken" as const, record: result.record };
      }
      if (!result.ok) throw new Error(`commit refused: ${result.reason}`);
      writes++;
      return { kind: "response" as const, response };
    });
  return { run, request, writes: () => writes, engine };
}

async function problemOf(promise: Promise<unknown>): Promise<ProblemError> {
  try {
    await promise;
  } catch (error) {
    if (isProblemError(error)) return error;
    throw error;
  }
  throw new Error("expected a problem");
}

describe("idempotency engine", () => {
  it("run - a 409 concurrent-update is not stored: the retry with the key runs again and succeeds", async () => {
    const { run, request, writes } = setup();
    const first = request();
    const lost = await problemOf(run(first, everyProblem.concurrentUpdate));
    expect(lost.slug).toBe("concurrent-update");

    const retry = await run({ ...first });

    expect(retry).toMatchObject({ replayed: false, response: { status: 201 } });
    // The success is now the key's answer: a further retry writes nothing and replays it.
    expect(await run({ ...first })).toMatchObject({ replayed: true, response: retry.response });
    expect(writes()).toBe(1);
  });

  it("run - a 412 and a 400 invalid-body are not stored: the next request with the key runs", async () => {
    const { run, request } = setup();
    for (const problem of [everyProblem.preconditionFailed, everyProblem.invalidBody]) {
      const first = request();
      expect(await problemOf(run(first, problem))).toBe(problem);

      expect(await run({ ...first })).toMatchObject({ replayed: false, response: { status: 201 } });
    }
  });

  it("run - a retry of a request that succeeded replays the success even when it would now be refused", async () => {
    const { run, request } = setup();
    const first = request();
    const success = await run(first);
    for (const problem of [everyProblem.preconditionFailed, everyProblem.invalidTransition]) {
      expect(await run({ ...first }, problem)).toEqual({ ...success, replayed: true });
    }
  });

  it("run - a 404 and a 409 invalid-transition are stored and replayed with Idempotent-Replayed", async () => {
    const { run, request, writes } = setup();
    for (const problem of [everyProblem.returnNotFound, everyProblem.invalidTransition]) {
      const first = request();
      await problemOf(run(first, problem));

      // Even an operation that would now succeed answers with the stored problem.
      const replayed = await problemOf(run({ ...first }));

      expect(writes()).toBe(0);
      expect(replayed.toJSON()).toEqual(problem.toJSON());
      expect(replayed.headers["idempotent-replayed"]).toBe("true");
    }
  });

  it("run - of every problem returnkit produces only a 404 not-found and a 409 invalid-transition are stored", async () => {
    const { run, request } = setup();
    const stored: string[] = [];
    for (const [name, problem] of Object.entries(everyProblem)) {
      const first = request();
      await problemOf(run(first, problem));
      const retry = await run({ ...first }).catch((error: unknown) => error);
      if (isProblemError(retry) && retry.headers["idempotent-replayed"] === "true") {
        stored.push(name);
      }
    }
    expect(stored).toEqual(STORED_PROBLEMS);
  });
});

describe("idempotency engine, writes recorded after they act (runRecorded)", () => {
  it("runs two concurrent first requests with one key once in this process; the second replays the first", async () => {
    const { engine, request } = setup();
    const sent = request();
    let acted = 0;
    const act = async () => {
      acted++;
      // Slow enough that the retry arrives while the first is still acting.
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { status: 200, body: { secret: `whsec_${acted}` }, headers: {} };
    };

    const [first, retry] = await Promise.all([
      engine.runRecorded(sent, act),
      engine.runRecorded(sent, act),
    ]);

    expect(acted).toBe(1);
    expect(retry.response.body).toEqual(first.response.body);
    expect([first.replayed, retry.replayed]).toEqual([false, true]);
  });
});
