/**
 * @module hmac — HMAC-SHA256 for the verifier: Web Crypto everywhere, node:crypto where the
 * runtime hands out Node builtins synchronously.
 *
 * Web Crypto's `subtle.sign` is asynchronous and costs a thread-pool round trip per call; on
 * Node that is several times slower than `createHmac` (figures in bench/README.md, measured
 * by bench/src/sign-verify.ts). `process.getBuiltinModule` (Node ≥ 20.16, Bun, Deno, Workers
 * with nodejs_compat) lets us reach node:crypto without an `import` that a Workers bundler
 * would try to resolve.
 *
 * A backend returns the MAC as base64, the form the header carries: the verifier compares
 * text with text, so nothing received is decoded (decoding the header's signature was a
 * sizeable share of a verification; see bench/README.md).
 */
import { decodeWebhookSecret } from "./secret";

export interface HmacBackend {
  readonly name: "node:crypto" | "web-crypto";
  /**
   * The MAC of UTF-8 `prefix` followed by `body`, keyed with the secret's decoded bytes, in
   * standard padded base64. The key is derived once per secret and cached. Throws
   * `TypeError` for an invalid secret.
   */
  sign(secret: string, prefix: string, body: string | Uint8Array): string | Promise<string>;
}

// Receivers hold a handful of secrets; the bound only stops a per-tenant receiver from
// growing the cache without limit.
const KEY_CACHE_LIMIT = 64;

function keyCache<K>(create: (secret: string) => K) {
  const keys = new Map<string, K>();
  return {
    /** The key for `secret`; `create` runs on a miss only (no closure per call on a hit). */
    get(secret: string): K {
      let key = keys.get(secret);
      if (key === undefined) {
        key = create(secret);
        if (keys.size >= KEY_CACHE_LIMIT) keys.delete(keys.keys().next().value as string);
        keys.set(secret, key);
      }
      return key;
    },
    forget(secret: string): void {
      keys.delete(secret);
    },
  };
}

/**
 * Compares every character whatever the first difference, so timing reveals nothing of the
 * MAC; false for different lengths (a MAC's length is public).
 */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** Standard padded base64 of a few bytes, with `btoa`, which every target runtime has. */
function encodeBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]!);
  return btoa(binary);
}

const utf8 = new TextEncoder();

export function webCryptoHmac(subtle: SubtleCrypto = globalThis.crypto.subtle): HmacBackend {
  const keys = keyCache<Promise<CryptoKey>>((secret) => {
    const imported = subtle.importKey(
      "raw",
      decodeWebhookSecret(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    // A failed import must not poison the cache for later calls.
    imported.catch(() => keys.forget(secret));
    return imported;
  });
  return {
    name: "web-crypto",
    async sign(secret, prefix, body) {
      const key = keys.get(secret);
      let data: Uint8Array<ArrayBuffer>;
      if (typeof body === "string") {
        data = utf8.encode(prefix + body);
      } else {
        const head = utf8.encode(prefix);
        data = new Uint8Array(head.length + body.length);
        data.set(head);
        data.set(body, head.length);
      }
      return encodeBase64(new Uint8Array(await subtle.sign("HMAC", await key, data)));
    },
  };
}

/** The slice of node:crypto the fast path uses, typed locally so the published types never
 * mention Node. */
interface NodeCryptoSubset {
  createHmac(algorithm: "sha256", key: object): NodeHmac;
  createSecretKey(key: Uint8Array): object;
}
interface NodeHmac {
  update(data: string | Uint8Array): NodeHmac;
  digest(encoding: "base64"): string;
}
type GetBuiltinModule = (id: string) => unknown;

/** The node:crypto backend, or null where the runtime does not offer Node builtins. */
export function nodeCryptoHmac(): HmacBackend | null {
  const getBuiltinModule = (globalThis as { process?: { getBuiltinModule?: GetBuiltinModule } })
    .process?.getBuiltinModule;
  if (typeof getBuiltinModule !== "function") return null;
  let nodeCrypto: NodeCryptoSubset | undefined;
  try {
    nodeCrypto = getBuiltinModule("node:crypto") as NodeCryptoSubset | undefined;
  } catch {
    return null;
  }
  if (
    typeof nodeCrypto?.createHmac !== "function" ||
    typeof nodeCrypto.createSecretKey !== "function"
  ) {
    return null;
  }
  const { createHmac, createSecretKey } = nodeCrypto;
  const keys = keyCache<object>((secret) => createSecretKey(decodeWebhookSecret(secret)));
  return {
    name: "node:crypto",
    sign(secret, prefix, body) {
      // Two updates rather than `prefix + body`: no flattened 1 KiB copy of the body per call.
      return createHmac("sha256", keys.get(secret)).update(prefix).update(body).digest("base64");
    },
  };
}

let selected: HmacBackend | undefined;

/** The fastest backend this runtime offers, chosen once. */
export function defaultHmac(): HmacBackend {
  selected ??= nodeCryptoHmac() ?? webCryptoHmac();
  return selected;
}
