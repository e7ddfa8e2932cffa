/**
 * Webhook endpoint changes racing each other over HTTP, on PostgreSQL: many rotations,
 * PATCHes and DELETEs of one endpoint at once, through a real server on a loopback socket and
 * a pool of 16 connections. Whatever interleaving the database picks, every change answered
 * 200 is kept (each secret a rotation returned signs), a secret revoked by a rotation without
 * overlap never signs again, a deleted endpoint stays deleted, and every refusal is a 409 (or
 * a 404 once deleted) problem+json the caller can send again — never a 5xx.
 *
 * Needs a real PostgreSQL server (`DATABASE_URL`); without it the test says so and is skipped.
 */
import { randomUUID } from "node:crypto";
import { createReturnsService, type ReturnsService, signingSecrets } from "@returnkit/core";
import { postgresStore } from "@returnkit/store-postgres";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { BASE_URL, createLocalIssuer } from "./test-support/issuer";
import { type RunningServer, startHonoServer } from "./test-support/servers";

const DATABASE_URL = process.env.DATABASE_URL;
const ROUNDS = 8;
const ROTATIONS = 6;
const PATCHES = 6;
const PROBLEM = "urn:returnkit:problem:";
const ENDPOINTS = "/v1/webhooks/endpoints";

if (!DATABASE_URL) {
  console.warn("[reliability] endpoint races skipped: set DATABASE_URL to a PostgreSQL server.");
}

interface Answer {
  status: number;
  type: string | null;
  contentType: string | null;
  json: Record<string, unknown>;
}

let pool: pg.Pool;
let service: ReturnsService;
let running: RunningServer;
let bearer: string;
const schema = `endpoint_races_${process.pid}_${Date.now()}`;

beforeAll(async () => {
  if (!DATABASE_URL) return;
  pool = new pg.Pool({ connectionString: DATABASE_URL, max: 16 });
  const issuer = createLocalIssuer();
  bearer = issuer.bearer("merchant", "ops");
  service = createReturnsService({
    baseUrl: BASE_URL,
    auth: { issuer: issuer.issuer, jwks: issuer.jwks },
    store: postgresStore({ db: pool, schema, notify: false }),
  });
  await service.ready();
  running = await startHonoServer(service);
});

afterAll(async () => {
  if (!DATABASE_URL) return;
  await running?.close();
  await service?.close();
  const admin = new pg.Pool({ connectionString: DATABASE_URL, max: 1 });
  await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
  await admin.end();
});

async function send(method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`http://127.0.0.1:${running.port}${path}`, {
    method,
    headers: {
      authorization: bearer,
      "idempotency-key": randomUUID(),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  const type = typeof json.type === "string" ? json.type.slice(PROBLEM.length) : null;
  return { status: response.status, type, contentType: response.headers.get("content-type"), json };
}

/** The stored endpoint's secrets that sign an attempt made now, or null once it is gone. */
async function signingNow(id: string): Promise<readonly string[] | null> {
  const found = (await service.store.listEndpoints()).find((endpoint) => endpoint.id === id);
  if (!found) return null;
  if (found.kind !== "webhook") throw new Error(`${id} is not a webhook endpoint`);
  return signingSecrets(found, Date.now());
}

/** Every refusal is one a caller can act on: a lost race (send it again) or, after a DELETE, a 404. */
function expectRetryableRefusals(answers: Answer[]) {
  for (const answer of answers.filter((a) => a.status !== 200)) {
    expect(answer.contentType).toContain("application/problem+json");
    expect([
      [409, "endpoint-concurrent-update"],
      [404, "endpoint-not-found"],
    ]).toContainEqual([answer.status, answer.type]);
  }
}

it.skipIf(!DATABASE_URL)(
  `endpoint races - ${ROTATIONS} rotations, ${PATCHES} PATCHes and a DELETE at once: every returned secret signs or was refused; deleted stays deleted`,
  async () => {
    let conflicts = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const created = await send("POST", ENDPOINTS, { url: `https://erp.example/hooks/${round}` });
      expect(created.status).toBe(201);
      const id = created.json.id as string;
      const path = `${ENDPOINTS}/${id}`;
      const withDelete = round % 2 === 1;

      const [rotations, patches, deletes] = await Promise.all([
        Promise.all(
          Array.from({ length: ROTATIONS }, () => send("POST", `${path}/secret/rotate`, {})),
        ),
        Promise.all(
          Array.from({ length: PATCHES }, (_, i) =>
            send("PATCH", path, i % 2 ? { enabled: i % 4 === 1 } : { types: ["return.closed"] }),
          ),
        ),
        Promise.all(withDelete ? [send("DELETE", path)] : []),
      ]);

      const all = [...rotations, ...patches, ...deletes];
      expectRetryableRefusals(all);
      conflicts += all.filter((a) => a.status === 409).length;
      const signing = await signingNow(id);
      if (deletes[0]?.status === 200) {
        expect(signing, `round ${round}: deleted, yet the endpoint is back`).toBeNull();
        expect((await send("GET", path)).status).toBe(404);
        continue;
      }
      // Six rotations with the default overlap stay within the bound of eight secrets.
      for (const rotation of rotations.filter((r) => r.status === 200)) {
        expect(signing, `round ${round}`).toContain(rotation.json.secret);
      }
    }
    // Refusals were exercised, not merely allowed.
    expect(conflicts).toBeGreaterThan(0);
  },
);

it.skipIf(!DATABASE_URL)(
  `endpoint races - a rotation without overlap racing ${PATCHES} PATCHes: once it answered, only its secret signs`,
  async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const created = await send("POST", ENDPOINTS, { url: `https://crm.example/in/${round}` });
      const id = created.json.id as string;
      const path = `${ENDPOINTS}/${id}`;

      const [rotation, ...patches] = await Promise.all([
        send("POST", `${path}/secret/rotate`, { overlap_seconds: 0 }),
        ...Array.from({ length: PATCHES }, (_, i) =>
          send("PATCH", path, { types: i % 2 ? null : ["return.created"] }),
        ),
      ]);

      expectRetryableRefusals([rotation, ...patches]);
      const signing = await signingNow(id);
      if (rotation.status === 200) expect(signing).toEqual([rotation.json.secret]);
      else expect(signing).toEqual([created.json.secret]);
    }
  },
);
