/**
 * @module service — `createReturnsService`: every rule of the returns domain behind typed
 * operations. The HTTP layer only translates requests into these calls, so a host calling
 * them in-process gets the same validation, idempotency, events and errors.
 */
import type { z } from "zod";
import { historyLimitProblem } from "./history-limit";
import { createFetchHandler } from "./http/fetch-handler";
import {
  createIdempotencyEngine,
  IdempotencyKeyTaken,
  type IdempotencyKeyUse,
} from "./idempotency/engine";
import { isReturnId, newReturnId } from "./ids";
import {
  allowedEventsIn,
  applyReturnEvent,
  EVENT_CALLER,
  initialReturnSnapshot,
  isMerchantEvent,
  MERCHANT_EVENTS,
  type MerchantEvent,
  persistReturnSnapshot,
  type ReturnEvent,
  type ReturnState,
  restoreReturnSnapshot,
} from "./machine";
import { parseServiceOptions, type ReturnsServiceOptions } from "./options/service-options";
import { type Actor, assertScope, hasScope, type Principal } from "./principal";
import { isProblemError, problems, type ValidationIssue } from "./problems";
import { createReasonCatalogue, type ReasonCatalogue } from "./reasons";
import { scheduleRetention } from "./retention";
import {
  createReturnSchemas,
  EVENT_BODY_SCHEMAS,
  type EventBodies,
  EXCHANGE_SIZE_MESSAGE,
  type HistoryEntry,
  type MerchantListQuery,
  MerchantListQuerySchema,
  type PortalListQuery,
  PortalListQuerySchema,
  type ReturnData,
  type ReturnSchemas,
  type UpdateReturnInput,
} from "./schemas";
import { RecentRecords } from "./store/recent-records";
import type { CommitResult, IdempotentResponse, StoredReturn } from "./store/types";
import { historyToRestore, responseToStore, restoreHistory } from "./stored-response";
import { createWebhookDispatcher, type WebhookDispatcher } from "./webhooks/dispatcher";
import { type FitSignal, publishTransitions } from "./webhooks/events";

export type { ReturnsServiceOptions } from "./options/service-options";

export interface OperationContext {
  principal: Principal;
  /** The Idempotency-Key (raw header value: quoted or bare). */
  idempotencyKey?: string;
  /** If-Match: an ETag (`"3"`, `W/"3"`), a version number, or `*`. */
  ifMatch?: string | number;
}

export interface ReturnResult {
  record: ReturnData;
  /** HTTP status this outcome maps to (201 on create). */
  status: number;
  /** True when an earlier response to the same Idempotency-Key was replayed. */
  replayed: boolean;
  /** The response headers that belong to this outcome (`etag`, and `location` on create). */
  headers: Record<string, string>;
}

export interface ReturnListResult {
  data: ReturnData[];
  next_cursor: string | null;
}

/** How many times a write re-reads and retries after losing a version race. */
const MAX_COMMIT_ATTEMPTS = 8;

export function createReturnsService(options: ReturnsServiceOptions = {}) {
  // Throws InvalidOptionsError naming every bad option, before anything is set up.
  const settings = parseServiceOptions(options);
  const { store, now, baseUrl, reportError } = settings;
  const catalogue: ReasonCatalogue = createReasonCatalogue(options.reasons);
  const schemas: ReturnSchemas = createReturnSchemas(catalogue);
  const idempotencySettings = settings.idempotency;
  const idempotency = createIdempotencyEngine(store, idempotencySettings, now);
  // Where a read costs a round trip, a write starts from the version this process saw
  // last; the commit's version check catches one another process has since replaced.
  const recent = store.remote ? new RecentRecords(settings.recentRecords) : null;
  const { maxHistoryEntries, retention } = settings;

  const dispatcher: WebhookDispatcher = createWebhookDispatcher({ ...options.webhooks, store });
  // Stores may need migrations; endpoints from options must exist before the first commit
  // so that commit creates their deliveries.
  let readyPromise: Promise<void> | undefined;
  const ready = () => {
    readyPromise ??= (async () => {
      await store.init?.();
      await dispatcher.ready;
    })().catch((error: unknown) => {
      // A database that was down at start must not fail every later request: try again.
      readyPromise = undefined;
      throw error;
    });
    return readyPromise;
  };
  const retentionSchedule = scheduleRetention({
    store,
    settings: retention,
    now,
    ready,
    reportError,
  });

  // ------------------------------------------------------------------ helpers

  function parseWith<S extends z.ZodType>(
    schema: S,
    input: unknown,
    what: "body" | "query",
  ): z.output<S> {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    const errors: ValidationIssue[] = result.error.issues.map((issue) => ({
      path: issue.path.length ? issue.path.map(String).join(".") : "(root)",
      message: issue.message,
    }));
    const summary = errors.map((e) => `${e.path}: ${e.message}`).join("; ");
    throw what === "body"
      ? problems.invalidBody(summary, errors)
      : problems.invalidQuery(summary, errors);
  }

  async function load(id: string, principal: Principal): Promise<StoredReturn> {
    return visibleTo(id, isReturnId(id) ? await store.getReturn(id) : null, principal);
  }

  /**
   * `stored` if this caller may see it: a portal caller never learns that another customer's
   * return exists.
   */
  function visibleTo(id: string, stored: StoredReturn | null, principal: Principal): StoredReturn {
    if (!stored || (principal.kind === "portal" && stored.record.customer_id !== principal.id)) {
      throw problems.returnNotFound(id);
    }
    return stored;
  }

  /**
   * The version a write starts from: the one this process last saw when it has one
   * (`fromCache`), else a read. Ownership is checked either way; customer_id never changes.
   */
  async function loadForWrite(
    id: string,
    principal: Principal,
    fresh: boolean,
  ): Promise<{ stored: StoredReturn; fromCache: boolean }> {
    const hit = fresh ? undefined : recent?.get(id);
    if (hit) return { stored: visibleTo(id, hit, principal), fromCache: true };
    const stored = await load(id, principal);
    recent?.set(id, stored);
    return { stored, fromCache: false };
  }

  function checkIfMatch(ifMatch: OperationContext["ifMatch"], version: number) {
    if (ifMatch === undefined) return;
    if (!etagMatches(ifMatch, version)) throw problems.preconditionFailed(String(ifMatch), version);
  }

  function actorOf(principal: Principal): Actor {
    return { kind: principal.kind, id: principal.id };
  }

  function timestamp(): string {
    return new Date(now()).toISOString();
  }

  function response(record: ReturnData, status: number): IdempotentResponse {
    const headers: Record<string, string> = { etag: etagOf(record.version) };
    if (status === 201) headers.location = `${baseUrl}/v1/portal/returns/${record.id}`;
    return { status, body: record, headers };
  }

  async function fromResponse(outcome: {
    response: IdempotentResponse;
    replayed: boolean;
  }): Promise<ReturnResult> {
    const response = outcome.replayed
      ? await withStoredHistory(outcome.response)
      : outcome.response;
    return {
      record: response.body as ReturnData,
      status: response.status,
      replayed: outcome.replayed,
      headers: response.headers,
    };
  }

  /** A replayed response with the history entries it was stored without put back. */
  async function withStoredHistory(stored: IdempotentResponse): Promise<IdempotentResponse> {
    const needed = historyToRestore(stored);
    if (!needed) return stored;
    const remembered = recent?.get(needed.returnId);
    const current =
      remembered && remembered.record.history.length >= needed.length
        ? remembered
        : await store.getReturn(needed.returnId);
    if (!current) throw new Error(`return ${needed.returnId} of a stored response is missing`);
    return restoreHistory(stored, current.record.history);
  }

  async function notifyFitSignals(signals: FitSignal[]) {
    if (!options.onFitSignal) return;
    for (const signal of signals) {
      try {
        await options.onFitSignal(signal);
      } catch (error) {
        reportError(error, "onFitSignal hook failed");
      }
    }
  }

  /**
   * Commits `next` (computed from `current`) with its events and, for a keyed request, the
   * key and its response. A key another request recorded first ends this one (the engine
   * answers from that record); a version race is returned for the caller to retry.
   */
  async function commitChange(
    current: StoredReturn | null,
    next: StoredReturn,
    entries: HistoryEntry[],
    status: number,
    key: IdempotencyKeyUse | null,
  ): Promise<Exclude<CommitResult, { ok: true }> | null> {
    const published = publishTransitions(next.record, entries, catalogue);
    const result = await store.commit({
      next,
      expectedVersion: current ? current.record.version : null,
      events: published.events,
      // Kept without the history, which a replay takes back from the return (append-only).
      idempotency: key
        ? { ...key, response: responseToStore(response(next.record, status)) }
        : undefined,
    });
    if (result.ok) {
      recent?.set(next.record.id, next);
      await notifyFitSignals(published.fitSignals);
      return null;
    }
    if (result.reason === "idempotency_conflict") throw new IdempotencyKeyTaken(result.record);
    if (result.reason === "idempotency_lost") throw problems.idempotencyInProgress();
    return result;
  }

  /** Applies `event` to the latest version, retrying on version races unless If-Match pins one. */
  async function transition(
    id: string,
    event: ReturnEvent,
    ctx: OperationContext,
    key: IdempotencyKeyUse | null,
    body: EventBody,
    change: (record: ReturnData) => ReturnData,
  ): Promise<ReturnData> {
    let { stored: current, fromCache } = await loadForWrite(id, ctx.principal, false);
    for (let attempt = 1; ; attempt++) {
      let next: StoredReturn;
      let added: HistoryEntry[];
      try {
        ({ next, added } = await computeTransition(current, event, ctx, body, change));
      } catch (error) {
        // A refusal computed from a remembered version may be stale: decide on a fresh read.
        if (!(fromCache && isProblemError(error))) throw error;
        ({ stored: current, fromCache } = await loadForWrite(id, ctx.principal, true));
        continue;
      }
      const refused = await commitChange(current, next, added, 200, key);
      if (!refused) return next.record;
      const latest =
        refused.reason === "version_conflict" && refused.current
          ? refused.current
          : await load(id, ctx.principal);
      recent?.set(id, latest);
      if (ctx.ifMatch !== undefined) {
        throw problems.preconditionFailed(String(ctx.ifMatch), latest.record.version);
      }
      if (attempt >= MAX_COMMIT_ATTEMPTS) throw problems.concurrentUpdate(id);
      current = latest;
      fromCache = false;
    }
  }

  /** The next version of `current` after `event` (and an auto-approval), or the problem why not. */
  async function computeTransition(
    current: StoredReturn,
    event: ReturnEvent,
    ctx: OperationContext,
    body: EventBody,
    change: (record: ReturnData) => ReturnData,
  ): Promise<{ next: StoredReturn; added: HistoryEntry[] }> {
    checkIfMatch(ctx.ifMatch, current.record.version);
    const applied = applyReturnEvent(restoreReturnSnapshot(current.snapshot), event);
    if (!applied.ok) {
      throw problems.invalidTransition(
        event,
        applied.state,
        allowedEventsIn(applied.state, ctx.principal.kind),
      );
    }
    const full = historyLimitProblem(event, current.record.history.length, maxHistoryEntries);
    if (full) throw full;
    const at = timestamp();
    const history = new HistoryBuilder(current.record.history, at);
    history.add(event, applied.from, applied.to, actorOf(ctx.principal), body);
    let record = moveTo(change(current.record), applied.from, applied.to);
    let snapshot = applied.snapshot;

    if (event === "submit" && options.policy?.autoApprove) {
      if (await options.policy.autoApprove({ ...record, history: history.all() })) {
        const approved = applyReturnEvent(snapshot, "approve");
        if (approved.ok) {
          history.add(
            "approve",
            approved.from,
            approved.to,
            { kind: "policy", id: "autoApprove" },
            {},
          );
          record = moveTo(record, approved.from, approved.to);
          snapshot = approved.snapshot;
        }
      }
    }

    const next: StoredReturn = {
      record: {
        ...record,
        version: current.record.version + 1,
        updated_at: at,
        history: history.all(),
      },
      snapshot: persistReturnSnapshot(snapshot),
    };
    return { next, added: history.added };
  }

  async function runEvent(
    id: string,
    event: ReturnEvent,
    rawBody: unknown,
    ctx: OperationContext,
    change: (record: ReturnData, body: EventBody) => ReturnData = (record) => record,
  ): Promise<ReturnResult> {
    const caller = EVENT_CALLER[event];
    assertScope(ctx.principal, caller, "write");
    const bodySchema = event === "update" ? schemas.UpdateReturn : EVENT_BODY_SCHEMAS[event];
    const body = parseWith(bodySchema, rawBody ?? {}, "body") as EventBody;
    await ready();
    const path =
      caller === "portal"
        ? `/v1/portal/returns/${id}${event === "update" ? "" : `/${event}`}`
        : `/v1/merchant/returns/${id}/${event}`;
    const method = event === "update" ? "PATCH" : "POST";
    const outcome = await idempotency.run(
      { principal: ctx.principal, method, path, key: ctx.idempotencyKey, body: rawBody ?? {} },
      async (key) => {
        const record = await transition(id, event, ctx, key, body, (current) =>
          change(current, body),
        );
        return response(record, 200);
      },
    );
    return fromResponse(outcome);
  }

  // ------------------------------------------------------------------ operations

  async function createReturn(input: unknown, ctx: OperationContext): Promise<ReturnResult> {
    assertScope(ctx.principal, "portal", "write");
    const parsed = parseWith(schemas.CreateReturn, input, "body");
    await ready();
    const outcome = await idempotency.run(
      {
        principal: ctx.principal,
        method: "POST",
        path: "/v1/portal/returns",
        key: ctx.idempotencyKey,
        body: input,
      },
      async (key) => {
        const at = timestamp();
        const history = new HistoryBuilder([], at);
        history.add("create", null, "draft", actorOf(ctx.principal), {});
        const record: ReturnData = {
          id: newReturnId(),
          object: "return",
          order_id: parsed.order_id,
          line: {
            sku: parsed.line.sku,
            quantity: parsed.line.quantity,
            size: parsed.line.size ?? null,
          },
          reason: parsed.reason,
          resolution: parsed.resolution,
          exchange_size: parsed.exchange_size ?? null,
          state: "draft",
          flagged_from: null,
          grade: null,
          shipment: null,
          customer_id: ctx.principal.id,
          version: 1,
          created_at: at,
          updated_at: at,
          history: history.all(),
        };
        const next: StoredReturn = {
          record,
          snapshot: persistReturnSnapshot(initialReturnSnapshot()),
        };
        if (await commitChange(null, next, history.added, 201, key)) {
          // ULIDs do not collide; a conflict here means the store is misbehaving.
          throw new Error(`store refused to create ${next.record.id}`);
        }
        return response(next.record, 201);
      },
    );
    return fromResponse(outcome);
  }

  /** PATCHes a draft's reason, resolution or exchange size. */
  function updateDraft(
    id: string,
    patch: UpdateReturnInput,
    ctx: OperationContext,
  ): Promise<ReturnResult> {
    return runEvent(id, "update", patch, ctx, (record, body) =>
      applyDraftPatch(record, body as UpdateReturnInput),
    );
  }

  function submit(
    id: string,
    ctx: OperationContext,
    body?: EventBodies["submit"],
  ): Promise<ReturnResult> {
    return runEvent(id, "submit", body, ctx);
  }

  function cancel(
    id: string,
    ctx: OperationContext,
    body?: EventBodies["cancel"],
  ): Promise<ReturnResult> {
    return runEvent(id, "cancel", body, ctx);
  }

  /** Sends one of the eight merchant events. An unknown event name is a 404. */
  function advance<E extends MerchantEvent>(
    id: string,
    event: E | (string & {}),
    ctx: OperationContext,
    body?: EventBodies[E],
  ): Promise<ReturnResult> {
    if (!isMerchantEvent(event))
      return Promise.reject(problems.unknownEvent(event, MERCHANT_EVENTS));
    return runEvent(id, event, body, ctx, (record, parsed) =>
      applyEventDetails(record, event, parsed),
    );
  }

  async function get(id: string, ctx: OperationContext): Promise<ReturnData> {
    assertScope(ctx.principal, ctx.principal.kind, "read");
    await ready();
    return (await load(id, ctx.principal)).record;
  }

  async function list(
    query: PortalListQuery | MerchantListQuery | Record<string, unknown>,
    ctx: OperationContext,
  ): Promise<ReturnListResult> {
    const { principal } = ctx;
    assertScope(principal, principal.kind, "read");
    await ready();
    const page =
      principal.kind === "portal"
        ? await store.listReturns({
            ...parseWith(PortalListQuerySchema, query, "query"),
            customer_id: principal.id,
          })
        : await store.listReturns(parseWith(MerchantListQuerySchema, query, "query"));
    return { data: page.data.map((stored) => stored.record), next_cursor: page.next_cursor };
  }

  /** Events this principal may send to `record` now (for links and 409 bodies). */
  function allowedEventsFor(record: ReturnData, principal: Principal): ReturnEvent[] {
    if (!hasScope(principal, principal.kind, "write")) return [];
    return allowedEventsIn(record.state, principal.kind);
  }

  const service = {
    store,
    catalogue,
    schemas,
    baseUrl,
    options,
    dispatcher,
    idempotency: idempotencySettings,
    maxBodyBytes: settings.maxBodyBytes,
    reportError,
    ready,
    createReturn,
    updateDraft,
    submit,
    cancel,
    advance,
    get,
    list,
    allowedEventsFor,
    /** Stops purging and the dispatcher, then closes the store. */
    async close() {
      await retentionSchedule.stop();
      await dispatcher.stop();
      await store.close?.();
    },
  };
  const fetch = createFetchHandler(service);
  return Object.assign(service, { fetch });
}

export type ReturnsServiceCore = Omit<ReturnType<typeof createReturnsService>, "fetch">;
export type ReturnsService = ReturnType<typeof createReturnsService>;

// ------------------------------------------------------------------ record changes

/** A parsed event body: every field any event may carry. */
type EventBody = {
  note?: string;
  reason_code?: HistoryEntry["reason_code"];
  carrier?: string;
  tracking_number?: string;
  condition?: NonNullable<ReturnData["grade"]>["condition"];
  disposition?: NonNullable<ReturnData["grade"]>["disposition"];
};

/** Appends the history entries of one commit, numbering them after the existing ones. */
class HistoryBuilder {
  readonly added: HistoryEntry[] = [];
  constructor(
    private readonly existing: readonly HistoryEntry[],
    private readonly at: string,
  ) {}

  add(
    event: HistoryEntry["event"],
    from: ReturnState | null,
    to: ReturnState,
    actor: Actor,
    body: EventBody,
  ) {
    this.added.push({
      seq: this.existing.length + this.added.length + 1,
      event,
      from,
      to,
      at: this.at,
      actor,
      ...(body.note !== undefined ? { note: body.note } : {}),
      ...(body.reason_code !== undefined ? { reason_code: body.reason_code } : {}),
    });
  }

  all(): HistoryEntry[] {
    return [...this.existing, ...this.added];
  }
}

/** The record in its new state; `flagged_from` is set by flag and cleared on leaving flagged. */
function moveTo(record: ReturnData, from: ReturnState, to: ReturnState): ReturnData {
  const flagged_from = to === "flagged" ? (from === "flagged" ? record.flagged_from : from) : null;
  return { ...record, state: to, flagged_from };
}

/** Event bodies that the record keeps: ship stores the shipment, grade the grade. */
function applyEventDetails(record: ReturnData, event: MerchantEvent, body: EventBody): ReturnData {
  if (event === "ship") {
    return {
      ...record,
      shipment: { carrier: body.carrier ?? null, tracking_number: body.tracking_number ?? null },
    };
  }
  if (event === "grade") {
    return {
      ...record,
      grade: { condition: body.condition ?? null, disposition: body.disposition ?? null },
    };
  }
  return record;
}

/**
 * Applies a PATCH to a draft. Switching away from EXCHANGE drops the exchange size unless
 * the patch names one (which is then an error); switching to EXCHANGE needs a size.
 */
function applyDraftPatch(record: ReturnData, patch: UpdateReturnInput): ReturnData {
  const resolution = patch.resolution ?? record.resolution;
  let exchange_size =
    patch.exchange_size !== undefined ? patch.exchange_size : record.exchange_size;
  if (resolution !== "EXCHANGE") {
    if (patch.exchange_size) {
      throw problems.invalidBody(EXCHANGE_SIZE_MESSAGE.forbidden, [
        { path: "exchange_size", message: EXCHANGE_SIZE_MESSAGE.forbidden },
      ]);
    }
    exchange_size = null;
  } else if (!exchange_size) {
    throw problems.invalidBody(EXCHANGE_SIZE_MESSAGE.required, [
      { path: "exchange_size", message: EXCHANGE_SIZE_MESSAGE.required },
    ]);
  }
  return { ...record, reason: patch.reason ?? record.reason, resolution, exchange_size };
}

// ------------------------------------------------------------------ ETags

export function etagOf(version: number): string {
  return `"${version}"`;
}

/** True when an If-Match value names `version` (a list of ETags, weak or strong, or `*`). */
export function etagMatches(ifMatch: string | number, version: number): boolean {
  if (typeof ifMatch === "number") return ifMatch === version;
  return ifMatch.split(",").some((raw) => {
    const tag = raw.trim();
    if (tag === "*") return true;
    const bare = tag.replace(/^W\//, "").replace(/^"(.*)"$/, "$1");
    return bare === String(version);
  });
}
