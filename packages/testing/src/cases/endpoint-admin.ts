/**
 * @module testing/cases/endpoint-admin — endpoints managed at run time (create, rotate,
 * update), on the store under test: what they write must come back as written, and commits
 * and claims must honour it.
 */

import type { ReturnsStore } from "@returnkit/core";
import {
  createEndpoint,
  deleteEndpoint,
  isProblemError,
  MAX_ENDPOINT_SECRETS,
  publicEndpoint,
  rotateEndpointSecret,
  signingSecrets,
  updateEndpoint,
} from "@returnkit/core";
import { DISABLED_BY_OPERATOR, MAX_ROTATION_OVERLAP_SECONDS } from "@returnkit/core/store";
import { describe, expect, it } from "vitest";
import { iso, makeSubscriberEndpoint, T0 } from "../fixtures";
import { claimDue, createReturn, type StoreSubject } from "../subject";

const HOUR = 3_600_000;
const URL = "https://erp.example/hooks/returns";

async function problemSlug(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isProblemError(error)) throw new Error(`expected a problem, got ${String(error)}`);
  return error.slug;
}

/** How a call ended: its value, or the slug of the problem it was refused with. */
type Settled<T> = { ok: true; value: T } | { ok: false; slug: string };

async function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    if (!isProblemError(error)) throw error;
    return { ok: false, slug: error.slug };
  }
}

/** A race repeats: one round may happen not to interleave. */
const RACE_ROUNDS = 6;
/** What a change that lost a race answers: the caller may send it again. */
const LOST_RACE = "endpoint-concurrent-update";

async function webhookOrNull(store: ReturnsStore, id: string) {
  const found = (await store.listEndpoints()).find((endpoint) => endpoint.id === id);
  if (found && found.kind !== "webhook") throw new Error(`${id} is not a webhook endpoint`);
  return found ?? null;
}

const claimAll = (store: ReturnsStore, now: number) => claimDue(store, now, { leaseMs: 1_000 });

export function describeEndpointAdmin(subject: StoreSubject): void {
  describe("endpoint admin", () => {
    it("createEndpoint - saves an enabled endpoint with a new whsec_ secret, listed without it", async () => {
      const { endpoint, secret } = await createEndpoint(
        subject.store,
        { url: URL, types: ["return.closed"] },
        { now: T0 },
      );

      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(await subject.store.listEndpoints()).toEqual([endpoint]);
      expect(endpoint).toMatchObject({
        url: URL,
        secrets: [{ secret, until: null }],
        enabled: true,
        managed_by: "api",
      });
      const listed = publicEndpoint(endpoint, T0);
      expect(listed).toEqual({
        object: "webhook_endpoint",
        id: endpoint.id,
        kind: "webhook",
        url: URL,
        types: ["return.closed"],
        enabled: true,
        disabled_reason: null,
        created_at: iso(T0),
        signing_secrets: 1,
        previous_secrets_until: null,
      });
      expect(JSON.stringify(listed)).not.toContain(secret.slice(6));
    });

    it("createEndpoint - refuses an id that exists (409 endpoint-exists) and keeps its secret", async () => {
      const first = await createEndpoint(subject.store, { url: URL }, { now: T0 });

      expect(await problemSlug(createEndpoint(subject.store, { url: URL }, { now: T0 }))).toBe(
        "endpoint-exists",
      );
      expect(await subject.store.listEndpoints()).toEqual([first.endpoint]);
    });

    it("rotateEndpointSecret - the new secret goes first; both sign until the overlap ends, then only the new one", async () => {
      const { secret: old } = await createEndpoint(
        subject.store,
        { url: URL, id: "ep_erp" },
        { now: T0 },
      );

      const rotated = await rotateEndpointSecret(subject.store, "ep_erp", {
        overlapSeconds: 3_600,
        now: T0,
      });

      expect(rotated!.secret).not.toBe(old);
      const [stored] = await subject.store.listEndpoints();
      expect(stored).toEqual(rotated!.endpoint);
      if (stored?.kind !== "webhook") throw new Error("expected the webhook endpoint");
      expect(stored.secrets).toEqual([
        { secret: rotated!.secret, until: null },
        { secret: old, until: iso(T0 + HOUR) },
      ]);
      expect(signingSecrets(stored, T0 + HOUR - 1)).toEqual([rotated!.secret, old]);
      expect(signingSecrets(stored, T0 + HOUR)).toEqual([rotated!.secret]);
      expect(publicEndpoint(stored, T0)).toMatchObject({
        signing_secrets: 2,
        previous_secrets_until: iso(T0 + HOUR),
      });
      expect(publicEndpoint(stored, T0 + HOUR)).toMatchObject({
        signing_secrets: 1,
        previous_secrets_until: null,
      });
    });

    it("rotateEndpointSecret - a claim hands over the rotated endpoint with its overlap", async () => {
      await createEndpoint(subject.store, { url: URL, id: "ep_erp" }, { now: T0 });
      const rotated = await rotateEndpointSecret(subject.store, "ep_erp", { now: T0 });
      await createReturn(subject.store);

      const [claimed] = await claimAll(subject.store, T0);

      expect(claimed!.endpoint).toEqual(rotated!.endpoint);
      expect(rotated!.endpoint.secrets[1]!.until).toBe(iso(T0 + 24 * HOUR));
    });

    it("rotateEndpointSecret - drops secrets that no longer sign, at once with no overlap, and keeps to the bound", async () => {
      const { endpoint } = await createEndpoint(subject.store, { url: URL }, { now: T0 });
      const first = await rotateEndpointSecret(subject.store, endpoint.id, {
        overlapSeconds: 60,
        now: T0,
      });
      // The first overlap is over: only the newest secret signed, so only it is kept.
      const second = await rotateEndpointSecret(subject.store, endpoint.id, { now: T0 + HOUR });
      expect(signingSecrets(second!.endpoint, T0 + HOUR)).toEqual([second!.secret, first!.secret]);
      expect(second!.endpoint.secrets).toHaveLength(2);

      const now = await rotateEndpointSecret(subject.store, endpoint.id, {
        overlapSeconds: 0,
        now: T0 + HOUR,
      });
      expect(now!.endpoint.secrets).toEqual([{ secret: now!.secret, until: null }]);

      let latest = now!;
      for (let i = 0; i < MAX_ENDPOINT_SECRETS + 2; i++)
        latest = (await rotateEndpointSecret(subject.store, endpoint.id, { now: T0 + HOUR }))!;
      expect(latest.endpoint.secrets).toHaveLength(MAX_ENDPOINT_SECRETS);
      expect(latest.endpoint.secrets[0]).toEqual({ secret: latest.secret, until: null });
    });

    it("rotateEndpointSecret - null for an unknown id; refuses a subscriber and an overlap over the bound", async () => {
      const subscriber = makeSubscriberEndpoint();
      await subject.store.saveEndpoint(subscriber);
      const { endpoint } = await createEndpoint(subject.store, { url: URL }, { now: T0 });

      expect(await rotateEndpointSecret(subject.store, "ep_nobody", { now: T0 })).toBeNull();
      expect(
        await problemSlug(rotateEndpointSecret(subject.store, subscriber.id, { now: T0 })),
      ).toBe("endpoint-managed-in-code");
      await expect(
        rotateEndpointSecret(subject.store, endpoint.id, {
          overlapSeconds: MAX_ROTATION_OVERLAP_SECONDS + 1,
          now: T0,
        }),
      ).rejects.toThrow(/overlapSeconds/);
      expect(await subject.store.listEndpoints()).toHaveLength(2);
      expect((await subject.store.listEndpoints()).find((e) => e.id === endpoint.id)).toEqual(
        endpoint,
      );
    });

    it("updateEndpoint - disabling pauses deliveries (still created), enabling resumes them; types filter later commits", async () => {
      const { endpoint } = await createEndpoint(subject.store, { url: URL }, { now: T0 });

      const disabled = await updateEndpoint(subject.store, endpoint.id, { enabled: false });
      await createReturn(subject.store);
      expect(disabled).toMatchObject({ enabled: false, disabled_reason: DISABLED_BY_OPERATOR });
      expect(await claimAll(subject.store, T0)).toEqual([]);

      const enabled = await updateEndpoint(subject.store, endpoint.id, {
        enabled: true,
        types: ["return.closed"],
      });
      expect(enabled).toMatchObject({ enabled: true, disabled_reason: null });
      expect(await subject.store.listEndpoints()).toEqual([enabled]);
      expect(await claimAll(subject.store, T0)).toHaveLength(1);
      await createReturn(subject.store);
      expect(await subject.store.listDeliveries({ status: "pending" })).toHaveLength(1);
      expect(await updateEndpoint(subject.store, "ep_nobody", { enabled: false })).toBeNull();
    });

    it("rotateEndpointSecret - a rotation never extends an older secret's overlap: each keeps its own expiry", async () => {
      const { endpoint, secret: first } = await createEndpoint(
        subject.store,
        { url: URL },
        { now: T0 },
      );
      const second = await rotateEndpointSecret(subject.store, endpoint.id, {
        overlapSeconds: 3_600,
        now: T0,
      });
      const third = await rotateEndpointSecret(subject.store, endpoint.id, {
        overlapSeconds: 3_600,
        now: T0 + HOUR / 2,
      });

      const stored = (await webhookOrNull(subject.store, endpoint.id))!;
      const [newest, middle] = [third!.secret, second!.secret];
      expect(signingSecrets(stored, T0 + HOUR - 1)).toEqual([newest, middle, first]);
      expect(signingSecrets(stored, T0 + HOUR)).toEqual([newest, middle]);
      expect(signingSecrets(stored, T0 + HOUR + HOUR / 2)).toEqual([newest]);
      expect(publicEndpoint(stored, T0 + HOUR)).toMatchObject({
        signing_secrets: 2,
        previous_secrets_until: iso(T0 + HOUR + HOUR / 2),
      });
    });

    it("endpoint changes - a rotation racing a PATCH: each change that answered is kept, the revoked secret stays revoked", async () => {
      for (let round = 0; round < RACE_ROUNDS; round++) {
        const { endpoint, secret: old } = await createEndpoint(
          subject.store,
          { url: `${URL}/${round}` },
          { now: T0 },
        );

        const [rotation, patch] = await Promise.all([
          settle(rotateEndpointSecret(subject.store, endpoint.id, { overlapSeconds: 0, now: T0 })),
          settle(updateEndpoint(subject.store, endpoint.id, { types: ["return.closed"] })),
        ]);

        const stored = (await webhookOrNull(subject.store, endpoint.id))!;
        expect(rotation.ok || patch.ok).toBe(true);
        if (rotation.ok) expect(signingSecrets(stored, T0)).toEqual([rotation.value!.secret]);
        else expect([rotation.slug, signingSecrets(stored, T0)]).toEqual([LOST_RACE, [old]]);
        if (patch.ok) expect(stored.types).toEqual(["return.closed"]);
        else expect([patch.slug, stored.types]).toEqual([LOST_RACE, null]);
      }
    });

    it("endpoint changes - concurrent rotations: every secret returned signs, the others are refused", async () => {
      for (let round = 0; round < RACE_ROUNDS; round++) {
        const { endpoint } = await createEndpoint(
          subject.store,
          { url: `${URL}/${round}` },
          { now: T0 },
        );

        const rotations = await Promise.all(
          [1, 2, 3].map(() =>
            settle(rotateEndpointSecret(subject.store, endpoint.id, { now: T0 })),
          ),
        );

        const signing = signingSecrets((await webhookOrNull(subject.store, endpoint.id))!, T0);
        const returned = rotations.flatMap((r) => (r.ok ? [r.value!.secret] : []));
        expect(returned.length).toBeGreaterThan(0);
        for (const secret of returned) expect(signing).toContain(secret);
        for (const refused of rotations.filter((r) => !r.ok)) {
          expect(refused).toEqual({ ok: false, slug: LOST_RACE });
        }
      }
    });

    it("endpoint changes - a DELETE racing a rotation or a PATCH: a deleted endpoint stays deleted", async () => {
      const changes = {
        rotation: (id: string) => rotateEndpointSecret(subject.store, id, { now: T0 }),
        patch: (id: string) => updateEndpoint(subject.store, id, { enabled: false }),
      };
      for (let round = 0; round < RACE_ROUNDS; round++) {
        for (const [name, change] of Object.entries(changes)) {
          const { endpoint } = await createEndpoint(
            subject.store,
            { url: `${URL}/${name}/${round}` },
            { now: T0 },
          );

          const [changed, deleted] = await Promise.all([
            settle<unknown>(change(endpoint.id)),
            settle(deleteEndpoint(subject.store, endpoint.id)),
          ]);

          const stored = await webhookOrNull(subject.store, endpoint.id);
          if (deleted.ok && deleted.value) {
            expect(stored, `${name} round ${round}`).toBeNull();
            // The change came first and was deleted with it, or found nothing, or lost.
            if (!changed.ok) expect([LOST_RACE, "endpoint-not-found"]).toContain(changed.slug);
          } else {
            expect(deleted).toEqual({ ok: false, slug: LOST_RACE });
            expect(changed.ok).toBe(true);
            expect(stored).toEqual(
              name === "rotation" ? expect.anything() : expect.objectContaining({ enabled: false }),
            );
          }
        }
      }
    });

    it("deleteEndpoint - removes the endpoint with its pending deliveries; false for an unknown id; refuses a subscriber", async () => {
      const subscriber = makeSubscriberEndpoint();
      await subject.store.saveEndpoint(subscriber);
      const { endpoint } = await createEndpoint(subject.store, { url: URL }, { now: T0 });
      await createReturn(subject.store);

      expect(await deleteEndpoint(subject.store, endpoint.id)).toBe(true);
      expect(await deleteEndpoint(subject.store, endpoint.id)).toBe(false);
      expect(await problemSlug(deleteEndpoint(subject.store, subscriber.id))).toBe(
        "endpoint-managed-in-code",
      );
      expect(await subject.store.listEndpoints()).toEqual([subscriber]);
      expect(
        (await subject.store.listDeliveries({ status: "pending" })).map((d) => d.endpoint_id),
      ).toEqual([subscriber.id]);
    });
  });
}
