/**
 * @module idempotency/engine — run a write at most once per key (SPEC 6).
 *
 * Lifecycle of a key: absent → `in_progress` (claimed with a lease) → `completed` (final
 * response stored) → expired. A claim whose holder died is taken over when its lease runs
 * out. Successful writes store their response inside the same store commit as the change
 * (the `claim` handed to `execute`); 4xx outcomes are stored afterwards; 5xx outcomes
 * release the key so a retry runs again.
 */
import type { Principal } from "../principal";
import { isProblemError, type ProblemDetails, ProblemError, problems } from "../problems";
import type { IdempotentResponse, ReturnsStore } from "../store/types";
import { requestFingerprint } from "./fingerprint";
import { parseIdempotencyKey } from "./key";

export interface IdempotencySettings {
  /** Writes without a key are refused (400). Default true. */
  required: boolean;
  /** How long a completed key answers with its stored response. Default 24 h. */
  ttlMs: number;
  /** How long an `in_progress` claim holds before another request may take it over. Default 60 s. */
  lockTimeoutMs: number;
}

export const DEFAULT_IDEMPOTENCY: IdempotencySettings = {
  required: true,
  ttlMs: 86_400_000,
  lockTimeoutMs: 60_000,
};

/** The claim an operation must complete inside its commit. */
export interface IdempotencyClaimHandle {
  key: string;
  token: string;
  expiresAt: number;
}

export interface IdempotentRequest {
  principal: Principal;
  method: string;
  /** The route path without the mount prefix, so in-process and HTTP calls agree. */
  path: string;
  /** The raw header value, or undefined when absent. */
  key: string | undefined;
  body: unknown;
}

/** What `execute` produced; `committed` when the response was stored by the commit itself. */
export interface ExecutedWrite {
  response: IdempotentResponse;
  committed: boolean;
}

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
    execute: (claim: IdempotencyClaimHandle | null) => Promise<ExecutedWrite>,
  ): Promise<IdempotentOutcome> {
    if (request.key === undefined) {
      if (settings.required) throw problems.idempotencyKeyMissing();
      return { response: (await execute(null)).response, replayed: false };
    }
    const clientKey = parseIdempotencyKey(request.key);
    const { principal } = request;
    const key = JSON.stringify([
      principal.kind,
      principal.id,
      request.method,
      request.path,
      clientKey,
    ]);
    const fingerprint = requestFingerprint(request.method, request.path, request.body);
    const started = now();
    const claim = await store.claimIdempotencyKey({
      key,
      fingerprint,
      now: started,
      lockedUntil: started + settings.lockTimeoutMs,
      expiresAt: started + settings.ttlMs,
    });

    if (!claim.claimed) {
      const { record } = claim;
      if (record.fingerprint !== fingerprint) throw problems.idempotencyKeyReused();
      if (record.state === "in_progress") throw problems.idempotencyInProgress();
      return replay(record.response);
    }

    const handle: IdempotencyClaimHandle = {
      key,
      token: claim.token,
      expiresAt: now() + settings.ttlMs,
    };
    let executed: ExecutedWrite;
    try {
      executed = await execute(handle);
    } catch (error) {
      if (
        isProblemError(error) &&
        error.status < 500 &&
        error.slug !== "idempotency-request-in-progress"
      ) {
        // A client error is the final answer to this request: a retry gets it again.
        await store.completeIdempotencyKey({
          key,
          token: claim.token,
          expiresAt: handle.expiresAt,
          response: { status: error.status, body: error.toJSON(), headers: error.headers },
        });
      } else if (!(isProblemError(error) && error.slug === "idempotency-request-in-progress")) {
        await store.releaseIdempotencyKey(key, claim.token).catch(() => {});
      }
      throw error;
    }
    if (!executed.committed) {
      await store.completeIdempotencyKey({
        key,
        token: claim.token,
        expiresAt: handle.expiresAt,
        response: executed.response,
      });
    }
    return { response: executed.response, replayed: false };
  }

  return { run };
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
