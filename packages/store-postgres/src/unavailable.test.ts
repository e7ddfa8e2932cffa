import {
  createReturnsService,
  isStoreUnavailable,
  type ReturnData,
  StoreUnavailableError,
} from "@returnkit/core";
import { makeStoredReturn, testAuthenticate, testToken, validCreate } from "@returnkit/testing";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

import { migrate } from "./migrate";
import { postgresStore } from "./postgres-store";
import { DATABASE_URL, dropSchema, newPool, uniqueSchema, warnWithoutServer } from "./test-support";
import { forgetfulRelay } from "./test-support/forgetful-relay";
import { asUnavailable, isLostConnection, isUnavailable } from "./unavailable";

/** Nothing listens on port 1: every connection is refused at once. */
const NOWHERE = "postgres://postgres@127.0.0.1:1/test";

function serviceOver(store: ReturnType<typeof postgresStore>, reported: unknown[] = []) {
  return createReturnsService({
    store,
    baseUrl: "https://shop.example",
    auth: { authenticate: testAuthenticate },
    onError: (error) => reported.push(error),
  });
}

function request(path: string, init: { method?: string; key?: string; body?: unknown } = {}) {
  const portal = path.startsWith("/v1/portal");
  return new Request(`https://shop.example${path}`, {
    method: init.method ?? "GET",
    headers: {
      authorization: portal ? testToken("portal", "customer-1") : testToken("merchant", "ops"),
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.key ? { "idempotency-key": init.key } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

describe("which errors mean the database cannot serve the call now", () => {
  it("takes socket failures, refused or ended sessions and pg's own connection errors", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND"]) {
      expect(isUnavailable(Object.assign(new Error(code), { code }))).toBe(true);
    }
    for (const code of ["08006", "08001", "08P01", "57P01", "57P02", "57P03", "57P05", "53300"]) {
      expect(isUnavailable(Object.assign(new Error("server"), { code }))).toBe(true);
    }
    expect(isUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isUnavailable(new Error("Query read timeout"))).toBe(true);
  });

  it("takes a server that turns statements away for now: timeouts, read-only, short of resources", () => {
    // statement_timeout, lock_timeout, a standby after a failover, disk full, out of memory.
    for (const code of ["57014", "55P03", "25006", "53100", "53200"]) {
      const error = Object.assign(new Error("server"), { severity: "ERROR", code });
      expect(isUnavailable(error), code).toBe(true);
      expect((asUnavailable(error) as Error).cause).toBe(error);
    }
  });

  it("leaves everything else alone: a statement's own failure is not an outage", () => {
    // Serialization failures and deadlocks included: the store runs those again itself.
    for (const code of ["23505", "40001", "40P01", "42P01", "22P02", "54000"]) {
      const error = Object.assign(new Error("statement"), { code });
      expect(isUnavailable(error)).toBe(false);
      expect(asUnavailable(error)).toBe(error);
    }
    expect(isUnavailable(new Error("commit wrote nothing"))).toBe(false);
    expect(isUnavailable(null)).toBe(false);
    const wrapped = asUnavailable(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }));
    expect(wrapped).toBeInstanceOf(StoreUnavailableError);
    expect((wrapped as Error).cause).toMatchObject({ code: "ECONNREFUSED" });
  });
});

describe("a pg Pool whose server cannot be reached", () => {
  const pool = new pg.Pool({ connectionString: NOWHERE, connectionTimeoutMillis: 2_000 });
  afterAll(() => pool.end());

  it("rejects every store call with StoreUnavailableError", async () => {
    const store = postgresStore({ db: pool, notify: false });
    const calls: Array<[string, () => Promise<unknown>]> = [
      ["init", () => store.init()],
      ["getReturn", () => store.getReturn("ret_01M82E3Q8NHBHXFT7YSTBSAF4M")],
      ["listReturns", () => store.listReturns({ limit: 10 })],
      ["returnedQuantities", () => store.returnedQuantities("ord_1001")],
      [
        "commit",
        () => store.commit({ next: makeStoredReturn(), expectedVersion: null, events: [] }),
      ],
      [
        "claimDeliveries",
        () => store.claimDeliveries({ limit: 1, now: 0, leaseMs: 1_000, dispatcherId: "d" }),
      ],
    ];
    for (const [name, call] of calls) {
      const error = await call().then(
        () => new Error(`${name} resolved`),
        (caught: unknown) => caught,
      );
      expect(isStoreUnavailable(error), `${name}: ${String(error)}`).toBe(true);
    }
    await store.close();
  });

  it("adds one listener for the Pool's errors however many stores share it, and removes it", async () => {
    const own = new pg.Pool({ connectionString: NOWHERE });
    const stores = [1, 2, 3].map(() => postgresStore({ db: own, notify: false }));
    expect(own.listenerCount("error")).toBe(1);
    await stores[0]!.close();
    await stores[1]!.close();
    expect(own.listenerCount("error")).toBe(1);
    await stores[2]!.close();
    expect(own.listenerCount("error")).toBe(0);
    await own.end();
  });

  it("migrate() leaves no listener behind on the Pool it was given", async () => {
    const own = new pg.Pool({ connectionString: NOWHERE });
    const error = await migrate({ db: own }).catch((caught: unknown) => caught);
    expect(isStoreUnavailable(error)).toBe(true);
    expect(own.listenerCount("error")).toBe(0);
    await own.end();
  });

  it("answers 503 store-unavailable with Retry-After over HTTP, not 500", async () => {
    const reported: unknown[] = [];
    const service = serviceOver(postgresStore({ db: pool, notify: false }), reported);
    const created = await service.fetch(
      request("/v1/portal/returns", { method: "POST", key: "k-1", body: validCreate }),
    );
    expect(created.status).toBe(503);
    expect(created.headers.get("retry-after")).toBe("1");
    expect(await created.json()).toMatchObject({ type: "urn:returnkit:problem:store-unavailable" });
    const read = await service.fetch(request("/v1/merchant/returns"));
    expect(read.status).toBe(503);
    expect(reported.some(isStoreUnavailable)).toBe(true);
    await service.close();
  });
});

warnWithoutServer("the database-outage cases");

describe("which failures lost the connection under a statement, so a read may go on another", () => {
  const failure = (code: string) => Object.assign(new Error(code), { code });

  it("takes resets, ended sessions and pg's words for a broken connection", () => {
    for (const code of ["ECONNRESET", "EPIPE", "57P01", "57P02", "57P05", "08003", "08006"]) {
      expect(isLostConnection(failure(code)), code).toBe(true);
    }
    expect(isLostConnection(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(
      isLostConnection(new Error("Client has encountered a connection error and is not queryable")),
    ).toBe(true);
  });

  it("leaves out a server that is down or hangs, where another try would only wait again", () => {
    // Refused, unreachable, still starting, a connect that timed out, a query that did.
    for (const code of ["ECONNREFUSED", "ETIMEDOUT", "EHOSTUNREACH", "57P03", "08001", "57014"]) {
      expect(isLostConnection(failure(code)), code).toBe(false);
    }
    for (const message of [
      "Query read timeout",
      "timeout exceeded when trying to connect",
      "Connection terminated due to connection timeout",
    ]) {
      expect(isLostConnection(new Error(message)), message).toBe(false);
    }
    expect(isLostConnection(failure("23505"))).toBe(false);
    expect(isLostConnection(null)).toBe(false);
  });
});

describe.skipIf(!DATABASE_URL)("PostgreSQL closing the store's connections", () => {
  const admin = DATABASE_URL ? newPool(2) : undefined;
  afterAll(() => admin?.end());

  /** A Pool whose connections name themselves, so a case can terminate exactly its own. */
  function taggedPool(
    label: string,
    config: pg.PoolConfig = {},
  ): { pool: pg.Pool; application: string; schema: string } {
    const application = uniqueSchema(label);
    const pool = new pg.Pool({
      connectionString: DATABASE_URL,
      max: 4,
      application_name: application,
      ...config,
    });
    return { pool, application, schema: uniqueSchema(label) };
  }

  /** Terminates the backends of `application` that match the SQL condition `where`; how many. */
  async function terminate(application: string, where = "true"): Promise<number> {
    const { rows } = await admin!.query(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
       WHERE application_name = $1 AND pid <> pg_backend_pid() AND ${where}`,
      [application],
    );
    return rows[0].n as number;
  }

  /** Leaves four connections idle in the store's Pool of four. */
  function fillPool(store: ReturnType<typeof postgresStore>) {
    return Promise.all(Array.from({ length: 4 }, () => store.listReturns({ limit: 1 })));
  }

  it("a restart's closing of idle connections neither crashes the process nor breaks the store", async () => {
    const { pool, application, schema } = taggedPool("idle");
    const heard: Error[] = [];
    const store = postgresStore({ db: pool, schema, notify: false, onError: (e) => heard.push(e) });
    await store.init();
    // Four idle connections in the Pool.
    await fillPool(store);
    const closed = await terminate(application, "state = 'idle'");
    expect(closed).toBeGreaterThan(0);
    // Each closed connection is heard, and the Pool drops it. (A call that takes one in the
    // moment before its closure arrives fails as unavailable: a 503 to retry.)
    await expect.poll(() => heard.length).toBe(closed);
    expect(heard[0]).toMatchObject({ code: "57P01" });
    // The Pool dropped them; the next calls open new connections.
    const commit = { next: makeStoredReturn(), expectedVersion: null, events: [] };
    expect((await store.commit(commit)).ok).toBe(true);
    expect(await store.getReturn(commit.next.record.id)).not.toBeNull();
    await store.close();
    // Without the store's listener, that "error" event would have thrown: nothing else listens.
    expect(pool.listenerCount("error")).toBe(0);
    await dropSchema(pool, schema);
    await pool.end();
  });

  /** Creates and submits a return through `service`; its id. */
  async function submittedReturn(service: ReturnType<typeof serviceOver>, n: number) {
    const created = await service.fetch(
      request("/v1/portal/returns", { method: "POST", key: `create-${n}`, body: validCreate }),
    );
    const { id } = (await created.json()) as ReturnData;
    const submitted = await service.fetch(
      request(`/v1/portal/returns/${id}/submit`, { method: "POST", key: `submit-${n}` }),
    );
    expect(submitted.status).toBe(200);
    return id;
  }

  // Each way a waiting commit's statement can end without committing: the session killed
  // under it (a restart or failover), or the host's own timeouts giving up on the wait.
  // A lost connection fails the whole statement it was running (its answer may be lost, see
  // commit-batcher.ts), so only the timeouts show a batch-mate going through.
  const stops: Array<
    [string, pg.PoolConfig, (application: string) => Promise<void>, { mate: boolean }]
  > = [
    [
      "its connection is terminated",
      {},
      (application) =>
        expect
          .poll(() => terminate(application, "wait_event_type = 'Lock'"), { timeout: 10_000 })
          .toBe(1),
      { mate: false },
    ],
    ["lock_timeout gives up on the row", { lock_timeout: 1000 }, async () => {}, { mate: true }],
    [
      "statement_timeout cancels it",
      // As the README sets it.
      { statement_timeout: 1500 },
      async () => {},
      { mate: true },
    ],
  ];

  it.each(stops)(
    "a write stopped mid-statement because %s answers 503, and its retry with the same key applies it once",
    async (_, config, stop, { mate: withMate }) => {
      const { pool, application, schema } = taggedPool("midway", config);
      const store = postgresStore({ db: pool, schema, notify: false, onError: () => {} });
      const service = serviceOver(store);
      const id = await submittedReturn(service, 1);
      const other = await submittedReturn(service, 2);

      // Another session holds the return's row, so the commit waits on it, mid-statement.
      const holder = await admin!.connect();
      await holder.query("BEGIN");
      await holder.query(`SELECT 1 FROM "${schema}".returnkit_returns WHERE id = $1 FOR UPDATE`, [
        id,
      ]);
      const approve = (returnId = id, key = "approve-1") =>
        service.fetch(request(`/v1/merchant/returns/${returnId}/approve`, { method: "POST", key }));
      const keyCount = async () =>
        (
          await admin!.query(
            `SELECT count(*)::int AS n FROM "${schema}".returnkit_idempotency_keys`,
          )
        ).rows[0].n as number;
      const keysBefore = await keyCount();
      const waiting = approve();
      // Sent with it, in the same statement or not, another return's approval goes through.
      const mate = withMate ? approve(other, "approve-other") : undefined;
      await stop(application);
      const refused = await waiting;
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("1");
      expect(await refused.json()).toMatchObject({
        type: "urn:returnkit:problem:store-unavailable",
      });
      if (mate) expect((await mate).status).toBe(200);
      // Nothing of the refused approval was written: no version, no event, no key (the one
      // key more, if any, is the batch-mate's).
      expect((await store.getReturn(id))!.record.state).toBe("submitted");
      expect(await store.listEvents(id)).toHaveLength(2);
      expect(await keyCount()).toBe(keysBefore + (mate ? 1 : 0));
      await holder.query("ROLLBACK");
      holder.release();

      const retried = await approve();
      expect(retried.status).toBe(200);
      const again = await approve();
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      const record = (await (
        await service.fetch(request(`/v1/merchant/returns/${id}`))
      ).json()) as ReturnData;
      expect(record.state).toBe("approved");
      expect(record.history.filter((entry) => entry.event === "approve")).toHaveLength(1);
      expect((await store.listEvents(id)).map((event) => event.type)).toEqual([
        "return.created",
        "return.submitted",
        "return.approved",
      ]);
      await service.close();
      await store.close();
      await dropSchema(pool, schema);
      await pool.end();
    },
    30_000,
  );

  it("a server that turned read-only (a standby after a failover) answers writes 503 and still serves reads", async () => {
    const { pool, schema } = taggedPool("readonly");
    const writable = postgresStore({ db: pool, schema, notify: false });
    const service = serviceOver(writable);
    const id = await submittedReturn(service, 1);
    await service.close();
    await writable.close();

    const { pool: standby } = taggedPool("standby", {
      options: "-c default_transaction_read_only=on",
    });
    const store = postgresStore({ db: standby, schema, notify: false, onError: () => {} });
    const reported: unknown[] = [];
    const readOnly = serviceOver(store, reported);
    const approve = () =>
      readOnly.fetch(request(`/v1/merchant/returns/${id}/approve`, { method: "POST", key: "a-1" }));
    const refused = await approve();
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(reported.find(isStoreUnavailable)).toMatchObject({ cause: { code: "25006" } });
    const created = await readOnly.fetch(
      request("/v1/portal/returns", { method: "POST", key: "c-2", body: validCreate }),
    );
    expect(created.status).toBe(503);
    const read = await readOnly.fetch(request(`/v1/merchant/returns/${id}`));
    expect(read.status).toBe(200);
    expect(((await read.json()) as ReturnData).state).toBe("submitted");
    await readOnly.close();
    await store.close();
    await standby.end();

    // The primary back: the same key runs the write.
    const back = postgresStore({ db: pool, schema, notify: false });
    const primary = serviceOver(back);
    const approved = await primary.fetch(
      request(`/v1/merchant/returns/${id}/approve`, { method: "POST", key: "a-1" }),
    );
    expect(approved.status).toBe(200);
    await primary.close();
    await back.close();
    await dropSchema(pool, schema);
    await pool.end();
  });

  it("reads go on a new connection when a NAT forgot the Pool's idle ones; a write is not sent twice", async () => {
    const relay = await forgetfulRelay(DATABASE_URL!);
    const pool = new pg.Pool({ connectionString: relay.url, max: 4 });
    const schema = uniqueSchema("forgotten");
    const store = postgresStore({ db: pool, schema, notify: false });
    await store.init();
    const next = makeStoredReturn();
    expect((await store.commit({ next, expectedVersion: null, events: [] })).ok).toBe(true);
    const id = next.record.id;
    // Four idle connections in the Pool, then the NAT forgets them all.
    await fillPool(store);
    expect(relay.forgetAll()).toBe(4);

    // The first read meets the dead connections one after another, then opens a new one.
    expect((await store.getReturn(id))?.record.id).toBe(id);
    expect(relay.resets).toBe(4);
    // Every kind of read does the same.
    const reads: Array<[string, () => Promise<unknown>]> = [
      ["listReturns", () => store.listReturns({ limit: 10 })],
      ["returnedQuantities", () => store.returnedQuantities(next.record.order_id)],
      ["listEvents", () => store.listEvents(id)],
      ["listDeliveries", () => store.listDeliveries({ returnId: id })],
      ["listEndpoints", () => store.listEndpoints()],
      ["nextDeliveryDueAt", () => store.nextDeliveryDueAt!()],
    ];
    for (const [name, read] of reads) {
      await fillPool(store);
      const forgotten = relay.forgetAll();
      const before = relay.resets;
      await expect(read(), name).resolves.toBeDefined();
      expect(relay.resets - before, name).toBe(forgotten);
    }

    // A write on a forgotten connection fails as unavailable and is not sent again: in
    // general its first run may have committed. The caller's retry runs it.
    await fillPool(store);
    relay.forgetAll();
    const second = makeStoredReturn();
    const before = relay.resets;
    const refused = await store.commit({ next: second, expectedVersion: null, events: [] }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isStoreUnavailable(refused)).toBe(true);
    expect((refused as StoreUnavailableError).cause).toMatchObject({ code: "ECONNRESET" });
    expect(relay.resets - before).toBe(1);
    expect(await store.getReturn(second.record.id)).toBeNull();
    expect((await store.commit({ next: second, expectedVersion: null, events: [] })).ok).toBe(true);

    await store.close();
    await dropSchema(pool, schema);
    await pool.end();
    await relay.close();
  });
});
