/**
 * @module commands/endpoints — `returnkit endpoints list|add|disable|enable|rotate|delete`,
 * through core's endpoint-admin functions, so the CLI changes endpoints exactly as the HTTP
 * API does, under the same rules: what the service's code owns is refused, and a change that
 * lost a race with another is refused rather than overwriting it. A secret is printed once,
 * by `add` and `rotate`; a list never shows one.
 */
import {
  createEndpoint,
  type DestinationPolicy,
  deleteEndpoint,
  destinationPolicy,
  isDestinationEntry,
  type PublicEndpoint,
  publicEndpoint,
  rotateEndpointSecret,
  updateEndpoint,
  type WebhookEventType,
} from "@returnkit/core";
import { MAX_ROTATION_OVERLAP_SECONDS } from "@returnkit/core/store";
import type { Command } from "../command";
import { parseDuration } from "../durations";
import { notFoundError, usageError } from "../errors";
import { NONE, table } from "../output";

const list: Command = {
  words: ["endpoints", "list"],
  usage: "",
  summary: "webhook endpoints and subscribers, without their secrets",
  args: [],
  options: [],
  async run(db, { now }) {
    const store = await db.store();
    const data = (await store.listEndpoints()).map((endpoint) => publicEndpoint(endpoint, now));
    if (data.length === 0) return { json: { data }, lines: ["no endpoints"] };
    const rows = data.map((endpoint) => [
      endpoint.id,
      endpoint.kind,
      endpoint.url ?? NONE,
      endpoint.types?.join(",") ?? "all",
      endpoint.enabled ? "enabled" : `disabled (${endpoint.disabled_reason ?? "no reason"})`,
      signingOf(endpoint),
    ]);
    return {
      json: { data },
      lines: table(["ID", "KIND", "URL", "TYPES", "STATUS", "SIGNING SECRETS"], rows),
    };
  },
};

const add: Command = {
  words: ["endpoints", "add"],
  usage:
    "<url> [--types return.created,return.approved] [--allowed-destinations 10.0.0.0/8,hooks.internal]",
  summary: "create a webhook endpoint with a new secret (printed once)",
  args: ["url"],
  options: ["types", "allowed-destinations"],
  async run(db, { args, options, now }) {
    const [url] = args as [string];
    const types = options.types === undefined ? null : parseTypes(options.types as string);
    const destinations = destinationsOf(options["allowed-destinations"] as string | undefined);
    const store = await db.store();
    const created = await createEndpoint(store, { url, types }, { now, destinations });
    const endpoint = publicEndpoint(created.endpoint, now);
    const lines = [
      `created ${endpoint.id} for ${endpoint.url} (${endpoint.types?.join(", ") ?? "every event type"})`,
      ...secretLines(created.secret),
    ];
    return { json: { endpoint, secret: created.secret }, lines };
  },
};

const rotate: Command = {
  words: ["endpoints", "rotate"],
  usage: "<endpoint_id> [--overlap 24h]",
  summary: "put a new secret first (printed once); the old ones keep signing for the overlap",
  args: ["endpoint_id"],
  options: ["overlap"],
  async run(db, { args, options, now }) {
    const [id] = args as [string];
    const overlapSeconds =
      options.overlap === undefined ? undefined : overlapOf(options.overlap as string);
    const store = await db.store();
    const rotated = await rotateEndpointSecret(store, id, { overlapSeconds, now });
    if (!rotated) throw notFoundError(`no endpoint ${id}`);
    const endpoint = publicEndpoint(rotated.endpoint, now);
    const until = endpoint.previous_secrets_until;
    const lines = [
      until
        ? `rotated the secret of ${id}; the previous secret keeps signing until ${until}`
        : `rotated the secret of ${id}; only the new secret signs from now on`,
      ...secretLines(rotated.secret),
    ];
    return { json: { endpoint, secret: rotated.secret }, lines };
  },
};

function switchCommand(enabled: boolean): Command {
  const verb = enabled ? "enable" : "disable";
  return {
    words: ["endpoints", verb],
    usage: "<endpoint_id>",
    summary: enabled
      ? "send to the endpoint again, its waiting deliveries first, in order"
      : "stop sending to the endpoint; its deliveries wait, none is lost",
    args: ["endpoint_id"],
    options: [],
    async run(db, { args, now }) {
      const [id] = args as [string];
      const store = await db.store();
      const updated = await updateEndpoint(store, id, { enabled });
      if (!updated) throw notFoundError(`no endpoint ${id}`);
      return { json: publicEndpoint(updated, now), lines: [`${verb}d ${id}`] };
    },
  };
}

const remove: Command = {
  words: ["endpoints", "delete"],
  usage: "<endpoint_id>",
  summary:
    "delete a webhook endpoint and its waiting deliveries (finished ones stay, never resent)",
  args: ["endpoint_id"],
  options: [],
  async run(db, { args }) {
    const [id] = args as [string];
    const store = await db.store();
    if (!(await deleteEndpoint(store, id))) throw notFoundError(`no endpoint ${id}`);
    return { json: { id, deleted: true }, lines: [`deleted ${id}`] };
  },
};

export const endpointCommands: readonly Command[] = [
  list,
  add,
  switchCommand(false),
  switchCommand(true),
  rotate,
  remove,
];

/** `a,b` → `["a", "b"]`; createEndpoint refuses a type that is not one. */
function parseTypes(text: string): WebhookEventType[] {
  const types = text.split(",").map((type) => type.trim());
  if (types.some((type) => type === "")) {
    throw usageError(
      "--types takes event types separated by commas, like return.created,return.closed",
    );
  }
  return types as WebhookEventType[];
}

/**
 * `--allowed-destinations`, as the service's `webhooks.allowedDestinations`: without it, an
 * endpoint inside the network is refused as the API refuses it.
 */
function destinationsOf(text: string | undefined): DestinationPolicy {
  const entries = text === undefined ? [] : text.split(",").map((entry) => entry.trim());
  const bad = entries.find((entry) => !isDestinationEntry(entry));
  if (bad !== undefined) {
    throw usageError(
      `--allowed-destinations takes hostnames, IP addresses or CIDR blocks separated by commas, like 10.0.0.0/8,hooks.internal; got ${JSON.stringify(bad)}`,
    );
  }
  return destinationPolicy(entries);
}

function overlapOf(text: string): number {
  const seconds = parseDuration(text, "--overlap") / 1000;
  if (seconds > MAX_ROTATION_OVERLAP_SECONDS) {
    throw usageError(`--overlap is at most ${MAX_ROTATION_OVERLAP_SECONDS / 86_400}d`);
  }
  return seconds;
}

function secretLines(secret: string): string[] {
  return [
    `secret: ${secret}`,
    "Shown this once: give it to the receiver now (endpoints list never shows it).",
  ];
}

/** `1`, or `2 until <time>` while a rotation overlaps. */
function signingOf(endpoint: PublicEndpoint): string {
  if (endpoint.kind === "subscriber") return NONE;
  const until = endpoint.previous_secrets_until;
  return until ? `${endpoint.signing_secrets} until ${until}` : String(endpoint.signing_secrets);
}
