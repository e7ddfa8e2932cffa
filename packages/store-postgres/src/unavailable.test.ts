import {
  createReturnsService,
  isStoreUnavailable,
  type ReturnData,
  StoreUnavailableError,
} from "@returnkit/core";
import {
  makeStoredReturn,
  testAuthenticate,
  testToken,
  validCreate,
} from "@returnkit/core/testing";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

import { migrate } from "./migrate";
import { postgresStore } from "./postgres-store";
import { DATABASE_URL, dropSchema, newPool, uniqueSchema, warnWithoutServer } from "./test-support";
import { asUnavailable, isConnectionFailure } from "./unavailable";

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

describe("which errors mean the database cannot be reached", () => {
  it("takes socket failures, refused or ended sessions and pg's own connection errors", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND"]) {
      expect(isConnectionFailure(Object.assign(new Error(code), { code }))).toBe(true);
    }
    for (const code of ["08006", "08001", "08P01", "57P01", "57P02", "57P03", "53300"]) {
      expect(isConnectionFailure(Object.assign(new Error("server"), { code }))).toBe(true);
    }
    expect(isConnectionFailure(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionFailure(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isConnectionFailure(new Error("Query read timeout"))).toBe(true);
  });

  it("leaves everything else alone: a statement's own failure is not an outage", () => {
    for (const code of ["23505", "40001", "40P01", "42P01", "22P02", "57014"]) {
      const error = Object.assign(new Error("statement"), { code });
      expect(isConnectionFailure(error)).toBe(false);
      expect(asUnavailable(error)).toBe(error);
    }
    expect(isConnectionFailure(new Error("commit wrote nothing"))).toBe(false);
    expect(isConnectionFailure(null)).toBe(false);
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

describe.skipIf(!DATABASE_URL)("PostgreSQL closing the store's connections", () => {
  const admin = DATABASE_URL ? newPool(2) : undefined;
  afterAll(() => admin?.end());

  /** Terminates the backends of `application_name`, idle or waiting as `state` says. */
  /** A Pool whose connections name themselves, so a case can terminate exactly its own. */
  function taggedPool(label: string): { pool: pg.Pool; application: string; schema: string } {
    const application = uniqueSchema(label);
    const pool = new pg.Pool({
      connectionString: DATABASE_URL,
      max: 4,
      application_name: application,
    });
    return { pool, application, schema: uniqueSchema(label) };
  }

  async function terminate(application: string, where = "true"): Promise<number> {
    const { rows } = await admin!.query(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
       WHERE application_name = $1 AND pid <> pg_backend_pid() AND ${where}`,
      [application],
    );
    return rows[0].n as number;
  }

  it("a restart's closing of idle connections neither crashes the process nor breaks the store", async () => {
    const { pool, application, schema } = taggedPool("idle");
    const heard: Error[] = [];
    const store = postgresStore({ db: pool, schema, notify: false, onError: (e) => heard.push(e) });
    await store.init();
    // Four idle connections in the Pool.
    await Promise.all(Array.from({ length: 4 }, () => store.listReturns({ limit: 1 })));
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

  it("a write whose connection dies mid-statement answers 503, and its retry with the same key applies it once", async () => {
    const { pool, application, schema } = taggedPool("midway");
    const store = postgresStore({ db: pool, schema, notify: false, onError: () => {} });
    const service = serviceOver(store);
    const created = await service.fetch(
      request("/v1/portal/returns", { method: "POST", key: "create-1", body: validCreate }),
    );
    const { id } = (await created.json()) as ReturnData;
    const submitted = await service.fetch(
      request(`/v1/portal/returns/${id}/submit`, { method: "POST", key: "submit-1" }),
    );
    expect(submitted.status).toBe(200);

    // Another session holds the return's row, so the commit waits on it, mid-statement.
    const holder = await admin!.connect();
    await holder.query("BEGIN");
    await holder.query(`SELECT 1 FROM "${schema}".returnkit_returns WHERE id = $1 FOR UPDATE`, [
      id,
    ]);
    const approve = () =>
      service.fetch(
        request(`/v1/merchant/returns/${id}/approve`, { method: "POST", key: "approve-1" }),
      );
    const waiting = approve();
    await expect
      .poll(() => terminate(application, "wait_event_type = 'Lock'"), { timeout: 10_000 })
      .toBe(1);
    const refused = await waiting;
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
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
  });
});
