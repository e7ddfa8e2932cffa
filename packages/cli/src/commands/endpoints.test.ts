import { createWebhookDispatcher, type WebhookEndpoint } from "@returnkit/core";
import { INSIDE_DESTINATIONS } from "@returnkit/testing";
import { describe, expect } from "vitest";
import { runCli } from "../run-cli";
import {
  itOnItsOwnSchema,
  returnkit,
  returnkitJson,
  runReturnkit,
  seedEndpoint,
  seedReturn,
  seedSubscriber,
  type TestDatabase,
} from "../test-support";

describe("returnkit endpoints", () => {
  async function stored(db: TestDatabase, id: string): Promise<WebhookEndpoint> {
    const found = (await db.store.listEndpoints()).find((endpoint) => endpoint.id === id);
    if (found?.kind !== "webhook") throw new Error(`no webhook endpoint ${id}`);
    return found;
  }

  itOnItsOwnSchema(
    "endpoints add - creates the endpoint and prints its new secret once",
    async ({ db }) => {
      const run = await returnkit([
        "endpoints",
        "add",
        "https://erp.example/hooks",
        "--types",
        "return.created,return.closed",
        ...db.flags,
      ]);

      expect(run.code).toBe(0);
      const [, id] = run.stdout.match(/^created (\S+) for https:\/\/erp\.example\/hooks/) ?? [];
      const saved = await stored(db, id!);
      expect(saved).toMatchObject({ url: "https://erp.example/hooks", enabled: true });
      expect(saved.types).toEqual(["return.created", "return.closed"]);
      expect(run.stdout).toContain(`secret: ${saved.secrets[0]!.secret}\n`);
      expect(saved.secrets).toHaveLength(1);
    },
  );

  itOnItsOwnSchema(
    "endpoints add --json - answers the public endpoint and the secret",
    async ({ db }) => {
      const json = await returnkitJson([
        "endpoints",
        "add",
        "https://erp.example/all",
        ...db.flags,
      ]);

      const saved = await stored(db, json.endpoint.id);
      expect(json).toEqual({
        endpoint: {
          object: "webhook_endpoint",
          id: saved.id,
          kind: "webhook",
          url: "https://erp.example/all",
          types: null,
          enabled: true,
          disabled_reason: null,
          created_at: saved.created_at,
          signing_secrets: 1,
          previous_secrets_until: null,
        },
        secret: saved.secrets[0]!.secret,
      });
    },
  );

  itOnItsOwnSchema(
    "endpoints add - a URL taken, a bad URL or an unknown type is refused and nothing changes",
    async ({ db }) => {
      await returnkitJson(["endpoints", "add", "https://erp.example/hooks", ...db.flags]);
      const before = await db.store.listEndpoints();

      const taken = await returnkit(["endpoints", "add", "https://erp.example/hooks", ...db.flags]);
      const badUrl = await returnkit(["endpoints", "add", "ftp://erp.example", ...db.flags]);
      const badType = await returnkit([
        "endpoints",
        "add",
        "https://x.example",
        "--types",
        "return.nope",
        ...db.flags,
      ]);
      const emptyType = await returnkit([
        "endpoints",
        "add",
        "https://x.example",
        "--types",
        "return.created,",
        ...db.flags,
      ]);

      expect(taken.code).toBe(1);
      expect(taken.stderr).toMatch(
        /^returnkit: A webhook endpoint with id "[^"]+" exists already.*\n$/,
      );
      expect(badUrl).toMatchObject({ code: 2, stdout: "" });
      expect(badUrl.stderr).toContain(
        'url: expected an absolute http(s) URL, got "ftp://erp.example"',
      );
      expect(badType.code).toBe(2);
      expect(badType.stderr).toContain("types[0]: expected one of return.created");
      expect(emptyType.code).toBe(2);
      expect(await db.store.listEndpoints()).toEqual(before);
    },
  );

  itOnItsOwnSchema(
    "endpoints add - an inside destination, in every spelling, or user:password@ exits 2 naming the rule, and nothing is saved",
    async ({ db }) => {
      // In-process for the many spellings (the same command the executable runs); one through it.
      const addInProcess = async (url: string) => {
        const out: string[] = [];
        const error: string[] = [];
        const code = await runCli(["endpoints", "add", url, ...db.flags], process.env, {
          out: (text) => out.push(text),
          error: (text) => error.push(text),
        });
        return { code, out: out.join(""), error: error.join("") };
      };
      for (const [url, rule] of [
        ...INSIDE_DESTINATIONS,
        ["https://alice:hunter2@erp.example/hooks", "userinfo"] as const,
      ]) {
        const run = await addInProcess(url);
        expect([url, run.code, run.out]).toEqual([url, 2, ""]);
        expect(run.error).toContain(`(rule: ${rule})`);
        expect(run.error).not.toContain("hunter2");
      }
      const spawned = await returnkit(["endpoints", "add", "http://0x7f000001/", ...db.flags]);

      expect(spawned).toMatchObject({ code: 2, stdout: "" });
      expect(spawned.stderr).toMatch(
        /^returnkit: Webhook destination 127\.0\.0\.1 is a loopback address \(rule: loopback\);.*\n$/,
      );
      expect(await db.store.listEndpoints()).toEqual([]);
    },
  );

  itOnItsOwnSchema(
    "endpoints add --allowed-destinations - lets a receiver inside the network in, and only it",
    async ({ db }) => {
      const allowed = await returnkitJson([
        "endpoints",
        "add",
        "http://10.20.30.40:8080/hooks",
        "--allowed-destinations",
        "127.0.0.1,10.20.0.0/16",
        ...db.flags,
      ]);
      const outside = await returnkit([
        "endpoints",
        "add",
        "http://192.168.1.1/hooks",
        "--allowed-destinations",
        "10.20.0.0/16",
        ...db.flags,
      ]);
      const malformed = await returnkit([
        "endpoints",
        "add",
        "http://10.20.30.40/hooks",
        "--allowed-destinations",
        "10.20.0.0/99",
        ...db.flags,
      ]);

      expect(allowed.endpoint.url).toBe("http://10.20.30.40:8080/hooks");
      expect(outside.code).toBe(2);
      expect(outside.stderr).toContain("(rule: private)");
      expect(malformed.code).toBe(2);
      expect(malformed.stderr).toContain("--allowed-destinations");
      expect((await db.store.listEndpoints()).map((e) => e.id)).toEqual([allowed.endpoint.id]);
    },
  );

  itOnItsOwnSchema(
    "endpoints list - a URL saved with user:password@ is shown without them",
    async ({ db }) => {
      await seedEndpoint(db.store, {
        id: "we_legacy",
        url: "https://alice:hunter2@erp.example/in",
      });

      const text = await returnkit(["endpoints", "list", ...db.flags]);
      const json = await returnkitJson(["endpoints", "list", ...db.flags]);

      expect(text.stdout).toContain("https://REDACTED@erp.example/in");
      expect(json.data[0].url).toBe("https://REDACTED@erp.example/in");
      expect(text.stdout + JSON.stringify(json)).not.toMatch(/alice|hunter2/);
    },
  );

  itOnItsOwnSchema(
    "endpoints list - every endpoint of both kinds, never a secret",
    async ({ db }) => {
      const erp = await seedEndpoint(db.store, { id: "we_erp", types: ["return.closed"] });
      await seedSubscriber(db.store, "sub_ledger");
      await db.store.disableEndpoint(erp.id, "410 Gone");

      const json = await returnkitJson(["endpoints", "list", ...db.flags]);
      const text = await returnkit(["endpoints", "list", ...db.flags]);

      expect(json.data).toEqual([
        expect.objectContaining({
          id: "we_erp",
          kind: "webhook",
          url: erp.url,
          types: ["return.closed"],
          enabled: false,
          disabled_reason: "410 Gone",
          signing_secrets: 1,
        }),
        expect.objectContaining({
          id: "sub_ledger",
          kind: "subscriber",
          url: null,
          signing_secrets: 0,
        }),
      ]);
      expect(text.stdout).toMatch(/^ID +KIND +URL +TYPES +STATUS +SIGNING SECRETS\n/);
      expect(text.stdout).toMatch(
        /we_erp +webhook +https:\S+ +return\.closed +disabled \(410 Gone\) +1\n/,
      );
      for (const output of [JSON.stringify(json), text.stdout]) {
        expect(output).not.toContain(erp.secrets[0]!.secret);
        expect(output).not.toContain("whsec_");
      }
    },
  );

  itOnItsOwnSchema(
    "endpoints disable, enable - deliveries wait while disabled and resume after",
    async ({ db }) => {
      await seedEndpoint(db.store, { id: "we_erp" });

      const disabled = await returnkit(["endpoints", "disable", "we_erp", ...db.flags]);
      const { eventId } = await seedReturn(db.store);
      const whileDisabled = await db.store.claimDeliveries({
        dispatcherId: "d",
        now: Date.now(),
        limit: 10,
        leaseMs: 1000,
      });
      const enabled = await returnkitJson(["endpoints", "enable", "we_erp", ...db.flags]);
      const afterwards = await db.store.claimDeliveries({
        dispatcherId: "d",
        now: Date.now(),
        limit: 10,
        leaseMs: 1000,
      });

      expect(disabled).toEqual({ code: 0, stdout: "disabled we_erp\n", stderr: "" });
      expect(whileDisabled).toEqual([]);
      expect(enabled).toMatchObject({ id: "we_erp", enabled: true, disabled_reason: null });
      expect(afterwards.map(({ event }) => event.id)).toEqual([eventId]);
    },
  );

  itOnItsOwnSchema(
    "endpoints rotate - the new secret signs first, the old one until the overlap ends",
    async ({ db }) => {
      const erp = await seedEndpoint(db.store, { id: "we_erp" });
      const before = Date.now();

      const json = await returnkitJson([
        "endpoints",
        "rotate",
        "we_erp",
        "--overlap",
        "2h",
        ...db.flags,
      ]);

      const saved = await stored(db, "we_erp");
      expect(saved.secrets.map(({ secret }) => secret)).toEqual([
        json.secret,
        erp.secrets[0]!.secret,
      ]);
      expect(json.endpoint).toMatchObject({ id: "we_erp", signing_secrets: 2 });
      const until = Date.parse(json.endpoint.previous_secrets_until);
      expect(until - before).toBeGreaterThanOrEqual(7_200_000);
      expect(until - Date.now()).toBeLessThanOrEqual(7_200_000);
    },
  );

  itOnItsOwnSchema(
    "endpoints rotate --overlap 0s - only the new secret signs from now on",
    async ({ db }) => {
      await seedEndpoint(db.store, { id: "we_erp" });

      const run = await returnkit([
        "endpoints",
        "rotate",
        "we_erp",
        "--overlap",
        "0s",
        ...db.flags,
      ]);

      const saved = await stored(db, "we_erp");
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(
        `rotated the secret of we_erp; only the new secret signs from now on\nsecret: ${saved.secrets[0]!.secret}\n` +
          "Shown this once: give it to the receiver now (endpoints list never shows it).\n",
      );
      expect(saved.secrets).toHaveLength(1);
    },
  );

  itOnItsOwnSchema(
    "endpoints - an unknown id exits 3, a subscriber's secret 1, an overlap past 7 days 2",
    async ({ db }) => {
      await seedSubscriber(db.store, "sub_ledger");

      const runs = await Promise.all([
        returnkit(["endpoints", "rotate", "we_nothing", ...db.flags]),
        returnkit(["endpoints", "disable", "we_nothing", ...db.flags]),
        returnkit(["endpoints", "enable", "we_nothing", ...db.flags]),
        returnkit(["endpoints", "rotate", "sub_ledger", ...db.flags]),
        returnkit(["endpoints", "rotate", "sub_ledger", "--overlap", "8d", ...db.flags]),
      ]);

      expect(runs.map((run) => [run.code, run.stderr])).toEqual([
        [3, "returnkit: no endpoint we_nothing\n"],
        [3, "returnkit: no endpoint we_nothing\n"],
        [3, "returnkit: no endpoint we_nothing\n"],
        [
          1,
          expect.stringMatching(
            /^returnkit: "sub_ledger" is a subscriber: host code, with no URL or secret\..*\n$/,
          ),
        ],
        [2, "returnkit: --overlap is at most 7d\n"],
      ]);
    },
  );

  itOnItsOwnSchema(
    "endpoints rotate and delete - refuse an endpoint from the service's options, as the API does; disabling it is allowed",
    async ({ db }) => {
      // The service saves its `webhooks.endpoints` at its start, as the code's.
      const service = createWebhookDispatcher({
        store: db.store,
        endpoints: [
          { url: "https://erp.example/hooks", secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" },
        ],
      });
      await service.ready;
      await service.stop();
      const [configured] = await db.store.listEndpoints();
      const id = configured!.id;

      const rotate = await runReturnkit(["endpoints", "rotate", id, ...db.flags]);
      const remove = await runReturnkit(["endpoints", "delete", id, ...db.flags]);

      for (const run of [rotate, remove]) {
        expect(run.code).toBe(1);
        expect(run.stdout).toBe("");
        expect(run.stderr).toMatch(
          new RegExp(`^returnkit: "${id}" is configured in the service's options, .*\n$`),
        );
      }
      expect(await db.store.listEndpoints()).toEqual([configured]);
      const disable = await runReturnkit(["endpoints", "disable", id, ...db.flags]);
      expect([disable.code, disable.stdout]).toEqual([0, `disabled ${id}\n`]);
    },
  );

  itOnItsOwnSchema(
    "endpoints delete - removes the endpoint and its waiting deliveries; unknown ids exit 3, a subscriber 1",
    async ({ db }) => {
      await seedEndpoint(db.store, { id: "we_erp" });
      await seedSubscriber(db.store, "sub_ledger");
      await seedReturn(db.store);

      const deleted = await runReturnkit(["endpoints", "delete", "we_erp", ...db.flags]);
      const again = await runReturnkit(["endpoints", "delete", "we_erp", ...db.flags]);
      const subscriber = await runReturnkit(["endpoints", "delete", "sub_ledger", ...db.flags]);

      expect(deleted).toEqual({ code: 0, stdout: "deleted we_erp\n", stderr: "" });
      expect([again.code, again.stderr]).toEqual([3, "returnkit: no endpoint we_erp\n"]);
      expect(subscriber.code).toBe(1);
      expect(subscriber.stderr).toMatch(/^returnkit: "sub_ledger" is a subscriber/);
      expect((await db.store.listEndpoints()).map((endpoint) => endpoint.id)).toEqual([
        "sub_ledger",
      ]);
      const pending = await db.store.listDeliveries({ status: "pending" });
      expect(pending.map((delivery) => delivery.endpoint_id)).toEqual(["sub_ledger"]);
      const json = await runReturnkit([
        "endpoints",
        "add",
        "https://crm.example/in",
        "--json",
        ...db.flags,
      ]);
      const { endpoint } = JSON.parse(json.stdout);
      const deletedJson = await runReturnkit([
        "endpoints",
        "delete",
        endpoint.id,
        "--json",
        ...db.flags,
      ]);
      expect(JSON.parse(deletedJson.stdout)).toEqual({ id: endpoint.id, deleted: true });
    },
  );
});
