/**
 * @module returns/idempotency/engine — run a write at most once per key.
 *
 * A successful write records its key in the very commit that carries the change: the
 * store writes the change only if the key is still unanswered, and stores the response
 * with it, atomically. No claim precedes it, so a keyed write is one store call, not three
 * (claim, read, commit); of two concurrent requests with one key, the one whose commit
 * lands first is the execution and the other replays its response. The operation has no
 * effect outside that commit, so computing it twice is harmless.
 *
 * A refusal commits nothing. One that is the request's final answer
 * (`ProblemError.finalAnswer`: the return is not there, the event no longer applies) is
 * stored afterwards with one insert-if-absent. Every other outcome stores nothing, so a
 * retry with the key runs again: a refusal that asks for another request (a validation
 * 400, a stale If-Match 412, a lost version race), and any 5xx. If the key already answers
 * when a request is refused (a retry of a request that succeeded), that answer is returned
 * instead of the refusal. Keys expire after `ttlMs`. No key is ever held while a request
 * runs, so there is no "in progress" state and nothing to take over after a crash.
 */

import type { Principal } from "../../domain/principal";
import { isProblemError, type ProblemDetails, ProblemError, problems } from "../../domain/problems";
import type {
  IdempotencyFirstUse,
  IdempotencyRecordView,
  IdempotentResponse,
  ReturnsStore,
} from "../../store/types";
import { flatString } from "../../util/flat-string";
import { requestFingerprint } from "./fingerprint";
import { parseIdempotencyKey } from "./key";

export interface IdempotencySettings {
  /** Writes without a key are refused (400). Default true. */
  required: boolean;
  /** How long a key answers with its stored response. Default 24 h. */
  ttlMs: number;
}

export const DEFAULT_IDEMPOTENCY: IdempotencySettings = {
  required: true,
  ttlMs: 86_400_000,
};

/** The key a write records in its commit: everything but the response it will store. */
export type IdempotencyKeyUse = Omit<IdempotencyFirstUse, "response">;

export interface IdempotentRequest {
  principal: Principal;
  method: string;
  /** The route path without the mount prefix, so in-process and HTTP calls agree. */
  path: string;
  /** The raw header value, or undefined when absent. */
  key: string | undefined;
  body: unknown;
}

/**
 * What a write's execution ends in: the response it committed, or the record of its key,
 * which another (concurrent or earlier) request recorded first; the engine answers from it.
 */
export type WriteOutcome =
  | { kind: "response"; response: IdempotentResponse }
  | { kind: "key-taken"; record: IdempotencyRecordView };

export interface IdempotentOutcome {
  response: IdempotentResponse;
  replayed: boolean;
}

export const REPLAYED_HEADER = "idempotent-replayed";

export function createIdempotencyEngine(
  store: ReturnsStore,
  settings: IdempotencySettings,
  now: () => number,
) {
  async function run(
    request: IdempotentRequest,
    execute: (use: IdempotencyKeyUse | null) => Promise<WriteOutcome>,
  ): Promise<IdempotentOutcome> {
    if (request.key === undefined) {
      if (settings.required) throw problems.idempotencyKeyMissing();
      const outcome = await execute(null);
      // Without a key nothing can be recorded under one.
      if (outcome.kind === "key-taken")
        throw new Error("a write without a key found its key taken");
      return { response: outcome.response, replayed: false };
    }
    const clientKey = parseIdempotencyKey(request.key);
    const { principal } = request;
    // Flat: a store may hold the key for its whole time to live.
    const key = flatString(
      JSON.stringify([principal.kind, principal.id, request.method, request.path, clientKey]),
    );
    const fingerprint = requestFingerprint(request.method, request.path, request.body);
    const started = now();
    const use: IdempotencyKeyUse = {
      key,
      fingerprint,
      now: started,
      expiresAt: started + settings.ttlMs,
    };
    let outcome: WriteOutcome;
    try {
      outcome = await execute(use);
    } catch (error) {
      if (isProblemError(error) && error.status < 500) {
        const earlier = error.finalAnswer
          ? await storeFinalAnswer(use, error)
          : await earlierAnswer(use);
        if (earlier) return answer(earlier, fingerprint);
      }
      throw error;
    }
    if (outcome.kind === "key-taken") return answer(outcome.record, fingerprint);
    return { response: outcome.response, replayed: false };
  }

  /**
   * Stores a final refusal as the key's answer, so a retry gets it again. Returns the record
   * found instead when the key already answers: a retry of a request that succeeded
   * fails now (the return moved on), but must get the first answer, not this error.
   */
  async function storeFinalAnswer(
    use: IdempotencyKeyUse,
    error: ProblemError,
  ): Promise<IdempotencyRecordView | null> {
    const result = await store.recordIdempotencyAnswer({
      ...use,
      response: { status: error.status, body: error.toJSON(), headers: error.headers },
    });
    return result.recorded ? null : result.record;
  }

  /**
   * The key's answer, if it has one, for a refusal that is not stored. A retry of a request
   * that succeeded may be refused now (the return moved on, its If-Match is stale) but must
   * get the first answer. A read only: the key stays free.
   */
  function earlierAnswer(use: IdempotencyKeyUse): Promise<IdempotencyRecordView | null> {
    return store.getIdempotencyRecord(use.key, use.now);
  }

  /** Keys of `runRecorded` writes acting in this process: a concurrent retry waits its turn. */
  const recordedInFlight = new Map<string, Promise<unknown>>();

  /** Runs `task` after any earlier task of `key` in this process has ended. */
  async function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = recordedInFlight.get(key);
    const mine = (async () => {
      await before?.catch(() => undefined);
      return task();
    })();
    recordedInFlight.set(key, mine);
    try {
      return await mine;
    } finally {
      if (recordedInFlight.get(key) === mine) recordedInFlight.delete(key);
    }
  }

  /**
   * For a write outside a return's commit (a webhook endpoint's): the key is looked up first,
   * so a retry replays the first answer instead of acting again, and the answer is recorded
   * after the change. Requests with one key take turns within a process, so a client's retry
   * of a request still acting waits for it and replays its answer; across processes two
   * concurrent first requests may both act, and the first answer recorded is the one both get.
   */
  function runRecorded(
    request: IdempotentRequest,
    execute: () => Promise<IdempotentResponse>,
  ): Promise<IdempotentOutcome> {
    return run(request, async (use) => {
      if (!use) return { kind: "response", response: await execute() };
      return oneAtATime(use.key, async () => {
        const earlier = await store.getIdempotencyRecord(use.key, use.now);
        if (earlier) return { kind: "key-taken", record: earlier };
        const response = await execute();
        const recorded = await store.recordIdempotencyAnswer({ ...use, response });
        return recorded.recorded
          ? { kind: "response", response }
          : { kind: "key-taken", record: recorded.record };
      });
    });
  }

  return { run, runRecorded };
}

/** The answer a recorded key gives this request: its response, or why it cannot have one. */
function answer(record: IdempotencyRecordView, fingerprint: string): IdempotentOutcome {
  if (record.fingerprint !== fingerprint) throw problems.idempotencyKeyReused();
  return replay(record.response);
}

function replay(response: IdempotentResponse): IdempotentOutcome {
  if (response.status >= 400) {
    throw ProblemError.fromDetails(response.body as ProblemDetails, {
      ...response.headers,
      [REPLAYED_HEADER]: "true",
    });
  }
  return { response, replayed: true };
}

export type IdempotencyEngine = ReturnType<typeof createIdempotencyEngine>;
