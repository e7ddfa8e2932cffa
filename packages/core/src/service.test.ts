import { makeStoredReturn, T0, testAuthenticate, testToken } from "@returnkit/testing";
import { describe, expect, it } from "vitest";
import { generateWebhookSecret } from "./delivery/signer";
import type { Principal } from "./domain/principal";
import { isProblemError, type ProblemError } from "./domain/problems";
import type { ReturnData } from "./domain/schemas";
import type { ErrorContext } from "./observability/logging/failures";
import type { FitSignal } from "./returns/events";
import { inMemoryOrders } from "./returns/orders/in-memory-orders";
import { createReturnsService } from "./service";
import { memoryStore } from "./store/memory/memory-store";

const customer: Principal = { kind: "portal", id: "user-1", scopes: ["portal:returns.write"] };
const staff: Principal = { kind: "merchant", id: "staff-1", scopes: ["merchant:returns.write"] };
const fitInput = {
  order_id: "ord_1",
  line: { sku: "TEE-BLK-M", size: "M" },
  reason: "TOO_SMALL_AT_CHEST",
  resolution: "EXCHANGE" as const,
  exchange_for: { sku: "TEE-BLK-L" },
};

async function problemOf(promise: Promise<unknown>): Promise<ProblemError> {
  try {
    await promise;
  } catch (error) {
    if (isProblemError(error)) return error;
    throw error;
  }
  throw new Error("expected a problem");
}

function setup(options: Parameters<typeof createReturnsService>[0] = {}) {
  const store = options.store ?? memoryStore();
  const service = createReturnsService({ idempotency: { required: false }, ...options, store });
  return { service, store };
}

describe("createReturnsService", () => {
  it("advance - concurrent conflicting events on one return: exactly one applies, versions stay contiguous", async () => {
    const { service, store } = setup();
    const { record } = await service.createReturn(fitInput, { principal: customer });
    await service.submit(record.id, {}, { principal: customer });
    const results = await Promise.allSettled([
      service.advance(record.id, "approve", {}, { principal: staff }),
      service.advance(record.id, "reject", {}, { principal: staff }),
      service.advance(record.id, "approve", {}, { principal: staff }),
      service.cancel(record.id, {}, { principal: customer }),
    ]);
    const applied = results.filter((r) => r.status === "fulfilled");
    // approve → approved still allows cancel; everything else conflicts with what ran first.
    const stored = (await store.getReturn(record.id))!.record;
    expect(stored.history.map((h) => h.seq)).toEqual(stored.history.map((_, i) => i + 1));
    expect(stored.version).toBe(stored.history.length);
    expect(applied.length).toBe(stored.history.length - 2);
    for (const r of results) {
      if (r.status === "rejected") expect((r.reason as ProblemError).status).toBe(409);
    }
    const events = await store.listEvents(record.id);
    expect(events.map((e) => e.seq)).toEqual(stored.history.map((h) => h.seq));
  });

  it("outbox - every transition writes its event in the same commit, in seq order", async () => {
    const { service, store } = setup();
    const { record } = await service.createReturn(fitInput, { principal: customer });
    await service.updateDraft(
      record.id,
      { exchange_for: { sku: "TEE-BLK-XL" } },
      { principal: customer },
    );
    await service.submit(record.id, {}, { principal: customer });
    for (const event of [
      "approve",
      "flag",
      "unflag",
      "ship",
      "receive",
      "grade",
      "close",
    ] as const) {
      await service.advance(record.id, event, {}, { principal: staff });
    }
    const events = await store.listEvents(record.id);
    expect(events.map((e) => `${e.seq}:${e.type}`)).toEqual([
      "1:return.created",
      "3:return.submitted",
      "4:return.approved",
      "5:return.flagged",
      "6:return.unflagged",
      "7:return.in_transit",
      "8:return.received",
      "8:return.fit_signal",
      // A like-for-like exchange goes out once the return is received.
      "null:return.exchange_released",
      "9:return.graded",
      "9:return.fit_signal",
      "10:return.closed",
      "10:return.fit_signal",
    ]);
    const positions = events.map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(events.every((e) => /^evt_[0-9A-Z]{26}$/.test(e.id))).toBe(true);
    const closed = events.find((e) => e.type === "return.closed")!;
    expect(closed.payload.data).toMatchObject({
      return: { id: record.id, state: "closed", version: 10 },
      transition: {
        seq: 10,
        event: "close",
        from: "graded",
        to: "closed",
        actor: { kind: "merchant", id: "staff-1" },
      },
    });
  });

  it("fit signals - fit reasons signal at received, graded and closed; later stages are confirmed", async () => {
    const signals: FitSignal[] = [];
    const { service } = setup({ onFitSignal: (s) => void signals.push(s) });
    const fit = (await service.createReturn(fitInput, { principal: customer })).record;
    const other = (
      await service.createReturn(
        { order_id: "ord_2", line: { sku: "MUG" }, reason: "DAMAGED", resolution: "REFUND" },
        { principal: customer },
      )
    ).record;
    for (const id of [fit.id, other.id]) {
      await service.submit(id, {}, { principal: customer });
      await service.advance(id, "approve", {}, { principal: staff });
      await service.advance(id, "ship", {}, { principal: staff });
      await service.advance(id, "receive", {}, { principal: staff });
      await service.advance(id, "grade", { condition: "LIKE_NEW" }, { principal: staff });
      await service.advance(id, "close", {}, { principal: staff });
    }
    expect(signals.map((s) => [s.return_id, s.stage, s.confirmed, s.condition])).toEqual([
      [fit.id, "received", false, null],
      [fit.id, "graded", true, "LIKE_NEW"],
      [fit.id, "closed", true, "LIKE_NEW"],
    ]);
    expect(signals[0]).toMatchObject({
      order_id: "ord_1",
      sku: "TEE-BLK-M",
      size_ordered: "M",
      exchange_sku: "TEE-BLK-L",
      quantity: 1,
      reason: "TOO_SMALL_AT_CHEST",
      direction: "TOO_SMALL",
      body_part: "CHEST",
    });
  });

  it("fit signals - a failing onFitSignal hook is reported and the write still succeeds", async () => {
    const reported: unknown[] = [];
    const { service } = setup({
      onFitSignal: () => {
        throw new Error("analytics down");
      },
      onError: (error) => void reported.push(error),
    });
    const { record } = await service.createReturn(fitInput, { principal: customer });
    await service.submit(record.id, {}, { principal: customer });
    for (const event of ["approve", "ship", "receive"] as const)
      await service.advance(record.id, event, {}, { principal: staff });
    expect((await service.get(record.id, { principal: staff })).state).toBe("received");
    expect(reported).toHaveLength(1);
  });

  it("idempotency - in-process replays return the stored result, and stored errors are thrown again", async () => {
    const { service } = setup({ idempotency: { required: true } });
    const first = await service.createReturn(fitInput, {
      principal: customer,
      idempotencyKey: "a",
    });
    const again = await service.createReturn(fitInput, {
      principal: customer,
      idempotencyKey: "a",
    });
    expect(again).toEqual({ ...first, replayed: true });
    const late = await problemOf(
      service.advance(first.record.id, "ship", {}, { principal: staff, idempotencyKey: "b" }),
    );
    const lateAgain = await problemOf(
      service.advance(first.record.id, "ship", {}, { principal: staff, idempotencyKey: "b" }),
    );
    expect(lateAgain.toJSON()).toEqual(late.toJSON());
    expect(lateAgain.headers["idempotent-replayed"]).toBe("true");
    expect((await problemOf(service.createReturn(fitInput, { principal: customer }))).slug).toBe(
      "idempotency-key-missing",
    );
  });

  it("updateDraft - the response stored under each key stays the same size however long the history grows", async () => {
    const store = memoryStore();
    const stored: string[] = [];
    const spy = {
      ...store,
      commit: (commit: Parameters<typeof store.commit>[0]) => {
        if (commit.idempotency) stored.push(JSON.stringify(commit.idempotency.response));
        return store.commit(commit);
      },
    };
    const { service } = setup({ store: spy, idempotency: { required: true } });
    const { record } = await service.createReturn(fitInput, {
      principal: customer,
      idempotencyKey: "create",
    });
    const reasons = ["TOO_LARGE_AT_CHEST", "TOO_SMALL_AT_CHEST"];
    const responses = [];
    for (let i = 0; i < 60; i++) {
      responses.push(
        await service.updateDraft(
          record.id,
          { reason: reasons[i % 2] },
          { principal: customer, idempotencyKey: `patch-${i}` },
        ),
      );
    }
    // What the caller got holds the whole history; what is kept for a replay does not, so
    // the 60th PATCH stores no more than the 10th (give or take a digit of the version).
    expect(responses.at(-1)!.record.history).toHaveLength(61);
    const tenth = stored[10]!.length;
    const last = stored.at(-1)!.length;
    expect(last - tenth).toBeLessThan(10);
    const replayed = await service.updateDraft(
      record.id,
      { reason: reasons[1] },
      { principal: customer, idempotencyKey: "patch-9" },
    );
    expect(replayed).toEqual({ ...responses[9], replayed: true });
  });

  it("idempotency - a replay after the return moved on gives the old version with its old history", async () => {
    const { service } = setup({ idempotency: { required: true } });
    const { record } = await service.createReturn(fitInput, {
      principal: customer,
      idempotencyKey: "create",
    });
    const submitted = await service.submit(
      record.id,
      {},
      { principal: customer, idempotencyKey: "s" },
    );
    await service.advance(record.id, "approve", {}, { principal: staff, idempotencyKey: "a" });
    await service.advance(record.id, "flag", {}, { principal: staff, idempotencyKey: "f" });
    const created = await service.createReturn(fitInput, {
      principal: customer,
      idempotencyKey: "create",
    });
    expect(created.record.history).toHaveLength(1);
    expect(created).toMatchObject({ status: 201, replayed: true, record: { version: 1 } });
    const again = await service.submit(record.id, {}, { principal: customer, idempotencyKey: "s" });
    expect(JSON.stringify(again.record)).toBe(JSON.stringify(submitted.record));
    expect(again).toEqual({ ...submitted, replayed: true });
  });

  it("idempotency - of two requests racing with one key, the first commit executes and the other replays it", async () => {
    const store = memoryStore();
    const { service } = setup({ store, idempotency: { required: true } });
    const ctx = { principal: customer, idempotencyKey: "slow" };
    // The first request stalls just before its commit (a store that waits for us).
    let release!: () => void;
    const stalled = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowStore = Object.create(store) as typeof store;
    let stallNext = true;
    slowStore.commit = async (commit) => {
      if (stallNext) {
        stallNext = false;
        await stalled;
      }
      return store.commit(commit);
    };
    const slow = createReturnsService({ store: slowStore });
    const first = slow.createReturn(fitInput, ctx);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // A retry overtakes it and commits first: it is the execution.
    const second = await service.createReturn(fitInput, ctx);
    expect(second).toMatchObject({ status: 201, replayed: false });
    release();
    // The stalled request's commit finds the key answered, writes nothing, and replays.
    expect(await first).toMatchObject({
      status: 201,
      replayed: true,
      record: { id: second.record.id },
    });
    expect((await store.listReturns({ limit: 10 })).data).toHaveLength(1);
    expect(await store.listEvents(second.record.id)).toHaveLength(1);
    // The same key with another body is still refused.
    const other = await problemOf(
      service.createReturn({ ...fitInput, order_id: "ord_other" }, ctx),
    );
    expect(other.slug).toBe("idempotency-key-reused");
  });

  it("recent records - writes start from the version last seen and stay right when another process moved on", async () => {
    const shared = memoryStore();
    let reads = 0;
    // What two processes on one database look like: each service remembers its own writes.
    const store = {
      ...shared,
      getReturn: (id: string) => {
        reads++;
        return shared.getReturn(id);
      },
    };
    const a = createReturnsService({ store, idempotency: { required: false } });
    const b = createReturnsService({ store, idempotency: { required: false } });
    const { record } = await a.createReturn(fitInput, { principal: customer });
    await a.submit(record.id, {}, { principal: customer });
    await b.advance(record.id, "approve", {}, { principal: staff }); // a still remembers v2

    // a's remembered version refuses ship; a fresh read allows it.
    expect((await a.advance(record.id, "ship", {}, { principal: staff })).record.version).toBe(4);
    // a wrote v4 itself: the next write reads nothing.
    reads = 0;
    await a.advance(record.id, "flag", {}, { principal: staff });
    expect(reads).toBe(0);
    // A refusal is decided on the latest version, not on b's remembered v3.
    const refused = await problemOf(b.advance(record.id, "receive", {}, { principal: staff }));
    expect(refused.status).toBe(409);
    expect(refused.toJSON()).toMatchObject({ state: "flagged" });
    await b.advance(record.id, "unflag", {}, { principal: staff });
    await a.advance(record.id, "receive", {}, { principal: staff }); // a remembered flagged
    // b remembers v6 (in transit): flag is valid there too, so b commits, loses the version
    // race, and retries from the version the store reports.
    expect((await b.advance(record.id, "flag", {}, { principal: staff })).record).toMatchObject({
      version: 8,
      state: "flagged",
      flagged_from: "received",
    });
    // If-Match is checked against the latest version, whatever a remembers.
    const unflagged = await a.advance(
      record.id,
      "unflag",
      {},
      { principal: staff, ifMatch: '"8"' },
    );
    expect(unflagged.record).toMatchObject({ version: 9, state: "received" });
    const stale = await problemOf(
      b.advance(record.id, "grade", {}, { principal: staff, ifMatch: '"8"' }),
    );
    expect(stale).toMatchObject({ status: 412 });
    expect(stale.toJSON()).toMatchObject({ current_version: 9 });

    const stored = await shared.getReturn(record.id);
    expect(stored!.record.history.map((h) => h.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect((await shared.listEvents(record.id)).map((e) => e.seq)).toEqual(
      expect.arrayContaining([1, 2, 3, 4, 5, 6, 7, 8, 9]),
    );
  });

  it("options - a maxHistoryEntries that is not a whole number of at least 16 is refused at creation", () => {
    for (const maxHistoryEntries of [15, 0, -1, 100.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createReturnsService({ maxHistoryEntries }), String(maxHistoryEntries)).toThrow(
        TypeError,
      );
    }
    expect(() => createReturnsService({ maxHistoryEntries: 16 })).not.toThrow();
  });

  it("advance - a full history refuses flag with 409 in-process too, and reject still applies", async () => {
    const { service, store } = setup({ maxHistoryEntries: 16 });
    const { record } = await service.createReturn(fitInput, { principal: customer });
    await service.submit(record.id, {}, { principal: customer });
    // A flag is accepted while it, its unflag and the longest rest of a lifecycle (6) fit.
    let refused: ProblemError | undefined;
    for (let round = 0; !refused && round < 16; round++) {
      refused = await problemOf(service.advance(record.id, "flag", {}, { principal: staff })).catch(
        () => undefined,
      );
      if (!refused) await service.advance(record.id, "unflag", {}, { principal: staff });
    }
    expect(refused).toMatchObject({ status: 409, slug: "history-limit-reached" });
    expect(refused!.toJSON()).toMatchObject({ event: "flag", max_history_entries: 16 });
    const stored = await store.getReturn(record.id);
    expect(stored!.record.history).toHaveLength(10);
    const rejected = await service.advance(
      record.id,
      "reject",
      { reason_code: "NOT_ELIGIBLE" },
      { principal: staff },
    );
    expect(rejected.record.state).toBe("rejected");
  });

  it("authorization - operations check the caller's kind and scopes in-process too", async () => {
    const { service } = setup();
    const readOnly: Principal = { kind: "portal", id: "user-1", scopes: ["portal:returns.read"] };
    expect((await problemOf(service.createReturn(fitInput, { principal: readOnly }))).status).toBe(
      403,
    );
    const { record } = await service.createReturn(fitInput, { principal: customer });
    expect(
      (await problemOf(service.advance(record.id, "approve", {}, { principal: customer }))).status,
    ).toBe(403);
    const stranger: Principal = { kind: "portal", id: "user-2", scopes: ["portal:returns.write"] };
    expect((await problemOf(service.get(record.id, { principal: stranger }))).status).toBe(404);
    expect(
      (await problemOf(service.advance(record.id, "teleport", {}, { principal: staff }))).slug,
    ).toBe("unknown-event");
  });

  it("authorization - a caller id or client id with NUL or ill-formed Unicode is refused 401 in-process", async () => {
    const { service, store } = setup();
    const { record } = await service.createReturn(fitInput, { principal: customer });
    const callers: Principal[] = [
      { ...customer, id: "\ud800" },
      { ...customer, id: "user-\udfff" },
      { ...staff, id: "\udc00\ud800" },
      { ...staff, clientId: "\ud800" },
      { ...customer, id: "user\u0000-1" },
    ];
    for (const principal of callers) {
      const ctx = { principal };
      const writes =
        principal.kind === "portal"
          ? [() => service.createReturn(fitInput, ctx), () => service.submit(record.id, {}, ctx)]
          : [() => service.advance(record.id, "flag", {}, ctx)];
      const reads = [() => service.list({}, ctx), () => service.get(record.id, ctx)];
      for (const operation of [...writes, ...reads]) {
        const problem = await problemOf(operation());
        expect(problem.status).toBe(401);
        expect(problem.slug).toBe("invalid-token");
      }
    }
    expect((await store.listReturns({ limit: 10 })).data.map((r) => r.record)).toEqual([record]);
  });

  it("list - ill-formed Unicode in a filter or cursor is 400 invalid-query", async () => {
    const { service } = setup();
    await service.createReturn(fitInput, { principal: customer });
    const queries = ["\ud800", "ord_\udfff", "\udc00\ud800"].flatMap((text) => [
      { order_id: text },
      { cursor: text },
    ]);
    for (const [query, principal] of queries.flatMap((q) => [
      [q, customer] as const,
      [q, staff] as const,
    ])) {
      const problem = await problemOf(service.list(query, { principal }));
      expect(problem.status, JSON.stringify(query)).toBe(400);
      expect(problem.slug).toBe("invalid-query");
    }
  });

  it("subscribers - a subscriber in the options handles return.closed with the closed return", async () => {
    const handled: Array<{ type: string; state: string; resolution: string }> = [];
    const { service, store } = setup({
      subscribers: [
        {
          name: "refunds",
          types: ["return.closed"],
          handle(event) {
            const { state, resolution } = event.payload.data.return;
            handled.push({ type: event.type, state, resolution });
          },
        },
      ],
    });
    const { record } = await service.createReturn(fitInput, { principal: customer });
    await service.submit(record.id, {}, { principal: customer });
    for (const event of ["approve", "ship", "receive", "grade", "close"] as const)
      await service.advance(record.id, event, {}, { principal: staff });

    await service.dispatcher.drain();

    expect(handled).toEqual([{ type: "return.closed", state: "closed", resolution: "EXCHANGE" }]);
    const [closed] = (await store.listEvents(record.id)).filter((e) => e.type === "return.closed");
    const deliveries = await store.listDeliveries({ eventId: closed!.id });
    expect(deliveries.map((d) => [d.endpoint_id, d.status])).toEqual([
      ["sub_refunds", "delivered"],
    ]);
    await service.close();
  });

  it("createReturnsService - the service object hands out no webhook secret", async () => {
    const secret = generateWebhookSecret();
    const { service } = setup({
      webhooks: { endpoints: [{ url: "https://hooks.example/returns", secret }] },
    });
    // The store and the dispatcher keep endpoints by design; nothing else may carry a secret.
    const { store: _store, dispatcher: _dispatcher, ...rest } = service;
    expect(JSON.stringify(rest)).not.toContain(secret);
    expect(Object.keys(service)).not.toContain("options");
    await service.close();
  });

  it("idempotency - a key used in-process answers the same request sent over HTTP", async () => {
    const { service } = setup({
      baseUrl: "https://shop.example/returns",
      auth: { authenticate: testAuthenticate },
      idempotency: { required: true },
    });
    const principal: Principal = {
      kind: "portal",
      id: "user-1",
      scopes: ["portal:returns.read", "portal:returns.write"],
    };
    const created = await service.createReturn(fitInput, { principal, idempotencyKey: "k-1" });
    const submitted = await service.submit(
      created.record.id,
      {},
      { principal, idempotencyKey: "k-2" },
    );
    const send = (path: string, key: string, body: unknown) =>
      service.fetch(
        new Request(`https://shop.example/returns${path}`, {
          method: "POST",
          headers: {
            authorization: testToken("portal", "user-1"),
            "content-type": "application/json",
            "idempotency-key": key,
          },
          body: JSON.stringify(body),
        }),
      );

    const createAgain = await send("/v1/portal/returns", "k-1", fitInput);
    const submitAgain = await send(`/v1/portal/returns/${created.record.id}/submit`, "k-2", {});

    expect(createAgain.status).toBe(201);
    expect(createAgain.headers.get("idempotent-replayed")).toBe("true");
    expect(createAgain.headers.get("location")).toBe(created.headers.location);
    expect((await createAgain.json()).id).toBe(created.record.id);
    expect(submitAgain.status).toBe(200);
    expect(submitAgain.headers.get("idempotent-replayed")).toBe("true");
    expect((await submitAgain.json()).version).toBe(submitted.record.version);
    await service.close();
  });

  it("orders - concurrent in-process creates for an order line's last unit: one succeeds, every other is a 422", async () => {
    const orders = inMemoryOrders([
      {
        id: "ord_1",
        customer_id: "user-1",
        placed_at: new Date(T0 - 86_400_000),
        lines: [{ sku: "TEE-BLK-M", size: "M", quantity: 1 }],
      },
    ]);
    const { service, store } = setup({ orders: { source: orders }, clock: () => T0 });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        service.createReturn(
          { ...fitInput, resolution: "REFUND", exchange_for: undefined },
          {
            principal: customer,
          },
        ),
      ),
    );
    const created = results.filter((r) => r.status === "fulfilled");
    expect(created).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected") {
        expect(r.reason).toMatchObject({ status: 422, slug: "quantity-exceeds-returnable" });
      }
    }
    expect(await store.returnedQuantities("ord_1")).toEqual([
      { sku: "TEE-BLK-M", size: "M", quantity: 1 },
    ]);
  });

  it("returnableLines - the typed operation answers what the HTTP route renders, without links", async () => {
    const orders = inMemoryOrders([
      {
        id: "ord_1",
        customer_id: "user-1",
        placed_at: "2026-11-20T10:00:00Z",
        currency: "EUR",
        lines: [
          {
            sku: "TEE-BLK-M",
            size: "M",
            quantity: 2,
            unit_price: 2_500,
            title: "Organic cotton tee",
            variant_title: "Black / M",
          },
        ],
      },
    ]);
    const { service } = setup({ orders: { source: orders }, clock: () => T0 });
    await service.createReturn(fitInput, { principal: customer });
    const estimate = {
      currency: "EUR",
      currency_exponent: 2,
      restocking_fee: 0,
      return_shipping_fee: 0,
      status: "estimate",
    } as const;
    expect(await service.returnableLines("ord_1", { principal: customer })).toEqual({
      object: "returnable_order",
      order_id: "ord_1",
      order_number: null,
      currency: "EUR",
      currency_exponent: 2,
      placed_at: "2026-11-20T10:00:00.000Z",
      delivered_at: null,
      lines: [
        {
          sku: "TEE-BLK-M",
          size: "M",
          product: {
            title: "Organic cotton tee",
            variant_title: "Black / M",
            options: [],
            image_url: null,
            product_url: null,
            product_type: null,
            tags: [],
          },
          purchased: 2,
          in_returns: 1,
          returnable_quantity: 1,
          returnable_until: "2026-12-20T10:00:00.000Z",
          final_sale: false,
          unit_price: 2_500,
          refusal: null,
          resolutions: ["REFUND", "STORE_CREDIT", "EXCHANGE"],
          exchange_offers: null,
          // No `orders.reasons`: every reason of the catalogue.
          reasons: expect.objectContaining({ codes: service.catalogue.codes }),
          // The default policy charges nothing: the one unit left refunds its price.
          refund_estimates: {
            REFUND: { ...estimate, item_amount: 2_500, total: 2_500, method: "original_payment" },
            STORE_CREDIT: { ...estimate, item_amount: 2_500, total: 2_500, method: "store_credit" },
            EXCHANGE: { ...estimate, item_amount: 0, total: 0, method: "exchange" },
          },
        },
      ],
    });
    const problem = await problemOf(service.returnableLines("ord_1", { principal: staff }));
    expect(problem.status).toBe(403);
  });

  it("orders - a host hook that throws reaches an in-process caller as a 502 with the host's error as its cause", async () => {
    const failure = new Error("orders database is down");
    const { service, store } = setup({
      orders: {
        source: {
          load: () => {
            throw failure;
          },
        },
      },
    });
    const problem = await problemOf(service.createReturn(fitInput, { principal: customer }));
    expect(problem).toMatchObject({ status: 502, slug: "orders-unavailable" });
    expect(problem.cause).toBe(failure);
    expect((await store.listReturns({ limit: 10 })).data).toEqual([]);
  });

  it("get, list - a return stored before returns recorded order_line reads with order_line null", async () => {
    const { service, store } = setup();
    const { order_line: _none, ...earlier } = makeStoredReturn({ customer_id: "user-1" }).record;
    const stored = { ...makeStoredReturn(), record: earlier as ReturnData };
    expect((await store.commit({ next: stored, expectedVersion: null, events: [] })).ok).toBe(true);
    const id = stored.record.id;

    expect((await service.get(id, { principal: customer })).order_line).toBeNull();
    const page = await service.list({}, { principal: customer });
    expect(page.data[0]).toMatchObject({ id, order_line: null });
    const updated = await service.updateDraft(id, { reason: "DAMAGED" }, { principal: customer });
    expect(updated.record.order_line).toBeNull();
    expect((await store.getReturn(id))?.record.order_line).toBeNull();
  });
});

describe("service.mount", () => {
  it("serves a mounted handler at its exact path under the base URL, and the routes elsewhere", async () => {
    const service = createReturnsService({
      baseUrl: "https://shop.example/returns",
      auth: { authenticate: testAuthenticate },
    });
    const seen: unknown[] = [];
    service.mount("/mcp", async (_request, context) => {
      seen.push(context);
      return new Response("mounted");
    });
    const mounted = await service.fetch(new Request("https://shop.example/returns/mcp"), { c: 1 });
    expect(await mounted.text()).toBe("mounted");
    expect(seen).toEqual([{ c: 1 }]);
    const below = await service.fetch(new Request("https://shop.example/returns/mcp/x"));
    expect(below.status).toBe(404);
    const list = await service.fetch(
      new Request("https://shop.example/returns/v1/portal/returns", {
        headers: { authorization: testToken("portal", "user-1") },
      }),
    );
    expect(list.status).toBe(200);
    await service.close();
  });
});

describe("createReturnsService - one set of hooks", () => {
  it("hooks - the dispatcher runs on the service's clock and reports through its onError", async () => {
    const told: { error: unknown; context: ErrorContext }[] = [];
    const service = createReturnsService({
      idempotency: { required: false },
      clock: () => T0,
      webhooks: { retrySchedule: [0] },
      subscribers: [
        {
          name: "refunds",
          handle: () => {
            throw new Error("refund service down");
          },
        },
      ],
      onError: (error, context) => told.push({ error, context }),
    });
    const { record } = await service.createReturn(fitInput, { principal: customer });
    await service.dispatcher.drain();

    const [delivery] = await service.store.listDeliveries({ returnId: record.id });
    expect(delivery?.status).toBe("dead");
    expect(delivery?.attempts.map((attempt) => attempt.at)).toEqual([new Date(T0).toISOString()]);
    expect(told).toEqual([
      {
        error: expect.objectContaining({ message: expect.stringContaining("refund service down") }),
        context: {
          source: "subscriber",
          operation: "dead_letter",
          dispatcherId: service.dispatcher.id,
          deliveryId: delivery?.id,
          endpointId: "sub_refunds",
          eventId: delivery?.event_id,
          returnId: record.id,
        },
      },
    ]);
    expect(service.hooks.clock()).toBe(T0);
    await service.close();
  });
});
