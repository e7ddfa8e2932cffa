import { describe, expect, it } from "vitest";
import { authProblems } from "../auth/auth-problems";
import type { Principal } from "../principal";
import { isProblemError, type ProblemError, problems } from "../problems";
import { memoryStore } from "../store/memory-store";
import { makeStoredReturn, T0 } from "../testing/fixtures";
import { createIdempotencyEngine, DEFAULT_IDEMPOTENCY, type IdempotentRequest } from "./engine";

const customer: Principal = { kind: "portal", id: "user-1", scopes: ["portal:returns.write"] };

/** One instance of every problem returnkit produces; the type makes a new one show up here. */
const everyProblem: {
  [Name in keyof typeof problems | keyof typeof authProblems]: ProblemError;
} = {
  invalidBody: problems.invalidBody("reason: required", [{ path: "reason", message: "required" }]),
  invalidQuery: problems.invalidQuery("limit: too big", [{ path: "limit", message: "too big" }]),
  idempotencyKeyMissing: problems.idempotencyKeyMissing(),
  idempotencyKeyInvalid: problems.idempotencyKeyInvalid("too long"),
  unauthenticated: problems.unauthenticated("no token"),
  invalidToken: problems.invalidToken("expired"),
  insufficientScope: problems.insufficientScope(["portal:returns.write"]),
  forbidden: problems.forbidden("not yours"),
  returnNotFound: problems.returnNotFound("ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C"),
  routeNotFound: problems.routeNotFound("/nowhere"),
  outsideMountPath: problems.outsideMountPath("/api/x", "https://shop.example/returns"),
  unknownEvent: problems.unknownEvent("teleport", ["approve"]),
  methodNotAllowed: problems.methodNotAllowed("PUT", ["GET"]),
  invalidTransition: problems.invalidTransition("ship", "draft", ["submit"]),
  concurrentUpdate: problems.concurrentUpdate("ret_01JD3M6X4R9V6T0Q8Z2W7K5B1C"),
  historyLimitReached: problems.historyLimitReached("update", 100, 200),
  preconditionFailed: problems.preconditionFailed('"7"', 1),
  bodyAborted: problems.bodyAborted(new Error("socket closed")),
  payloadTooLarge: problems.payloadTooLarge(16_384),
  unsupportedMediaType: problems.unsupportedMediaType("text/plain"),
  idempotencyKeyReused: problems.idempotencyKeyReused(),
  storeUnavailable: problems.storeUnavailable(),
  orderNotFound: problems.orderNotFound("ord_1"),
  ordersNotConfigured: problems.ordersNotConfigured(),
  lineNotOnOrder: problems.lineNotOnOrder("ord_1", { sku: "TEE", size: "XS" }, []),
  quantityExceedsReturnable: problems.quantityExceedsReturnable({
    order_id: "ord_1",
    sku: "TEE",
    size: "M",
    quantity: 2,
    purchased: 2,
    in_returns: 1,
    returnable_quantity: 1,
  }),
  returnWindowClosed: problems.returnWindowClosed(
    "ord_1",
    { sku: "TEE", size: "M" },
    "2026-12-01T00:00:00.000Z",
  ),
  notReturnable: problems.notReturnable("ord_1", { sku: "TEE", size: "M" }),
  refusedByPolicy: problems.refusedByPolicy(
    "ord_1",
    { sku: "TEE", size: "M" },
    "GIFT_CARD",
    "Gift cards cannot be returned.",
  ),
  exchangeSizeNotOffered: problems.exchangeSizeNotOffered("TEE", "XXL", ["S", "M", "L"]),
  ordersUnavailable: problems.ordersUnavailable(new Error("connection refused")),
  orderSourceInvalid: problems.orderSourceInvalid(new Error("lines: required")),
  internal: problems.internal(),
  invalidAuthorizationHeader: authProblems.invalidAuthorizationHeader("two tokens"),
  mixedScopeFamilies: authProblems.mixedScopeFamilies(["portal:returns.read"], ["merchant:x"]),
  authorizationServerUnavailable: authProblems.authorizationServerUnavailable(),
};

/** The only refusals that answer a key for good: the return is not there, or the event no longer applies. */
const STORED_PROBLEMS = ["returnNotFound", "invalidTransition"];

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
  return { run, request, writes: () => writes };
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
