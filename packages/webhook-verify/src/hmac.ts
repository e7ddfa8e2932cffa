/**
 * @module hmac — HMAC-SHA256 for the verifier: Web Crypto everywhere, node:crypto where the
 * runtime hands out Node builtins synchronously.
 *
 * Web Crypto's `subtle.sign` is asynchronous and costs a thread-pool round trip per call; on
 * Node that is about five times slower than `createHmac` for a 1 KiB body (see
 * bench/src/sign-verify.ts). `process.getBuiltinModule` (Node ≥ 20.16, Bun, Deno, Workers
 * with nodejs_compat) lets us reach node:crypto without an `import` that a Workers bundler
 * would try to resolve.
 */
import { decodeBase64, decodeWebhookSecret } from "./secret";

export interface HmacBackend {
  readonly name: "node:crypto" | "web-crypto";
  /**
   * The MAC of UTF-8 `prefix` followed by `body`, keyed with the secret's decoded bytes. The
   * key is derived once per secret and cached. Throws `TypeError` for an invalid secret.
   */
  sign(secret: string, prefix: string, body: string | Uint8Array): Uint8Array | Promise<Uint8Array>;
  /** Bytes of a base64 value already checked by `parseSignatureList`. */
  decodeSignature(value: string): Uint8Array;
  /** Constant-time equality; false for different lengths (a MAC's length is public). */
  equal(a: Uint8Array, b: Uint8Array): boolean;
}

// Receivers hold a handful of secrets; the bound only stops a per-tenant receiver from
// growing the cache without limit.
const KEY_CACHE_LIMIT = 64;

function keyCache<K>() {
  const keys = new Map<string, K>();
  return {
    get(secret: string, create: () => K): K {
      let key = keys.get(secret);
      if (key === undefined) {
        key = create();
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

/** Compares every byte whatever the first difference, so timing reveals nothing of the MAC. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

const utf8 = new TextEncoder();

export function webCryptoHmac(subtle: SubtleCrypto = globalThis.crypto.subtle): HmacBackend {
  const keys = keyCache<Promise<CryptoKey>>();
  return {
    name: "web-crypto",
    async sign(secret, prefix, body) {
      const key = keys.get(secret, () => {
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
      let data: Uint8Array<ArrayBuffer>;
      if (typeof body === "string") {
        data = utf8.encode(prefix + body);
      } else {
        const head = utf8.encode(prefix);
        data = new Uint8Array(head.length + body.length);
        data.set(head);
        data.set(body, head.length);
      }
      return new Uint8Array(await subtle.sign("HMAC", await key, data));
    },
    decodeSignature: decodeBase64,
    equal: constantTimeEqual,
  };
}

/** The slice of node:crypto and node:buffer the fast path uses, typed locally so the
 * published types never mention Node. */
interface NodeCryptoSubset {
  createHmac(algorithm: "sha256", key: object): NodeHmac;
  createSecretKey(key: Uint8Array): object;
  timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean;
}
interface NodeHmac {
  update(data: string | Uint8Array): NodeHmac;
  digest(): Uint8Array;
}
interface NodeBufferSubset {
  Buffer: { from(value: string, encoding: "base64"): Uint8Array };
}
type GetBuiltinModule = (id: string) => unknown;

/** The node:crypto backend, or null where the runtime does not offer Node builtins. */
export function nodeCryptoHmac(): HmacBackend | null {
  const getBuiltinModule = (globalThis as { process?: { getBuiltinModule?: GetBuiltinModule } })
    .process?.getBuiltinModule;
  if (typeof getBuiltinModule !== "function") return null;
  let nodeCrypto: NodeCryptoSubset | undefined;
  let nodeBuffer: NodeBufferSubset | undefined;
  try {
    nodeCrypto = getBuiltinModule("node:crypto") as NodeCryptoSubset | undefined;
    nodeBuffer = getBuiltinModule("node:buffer") as NodeBufferSubset | undefined;
  } catch {
    return null;
  }
  if (
    typeof nodeCrypto?.createHmac !== "function" ||
    typeof nodeCrypto.createSecretKey !== "function" ||
    typeof nodeCrypto.timingSafeEqual !== "function" ||
    typeof nodeBuffer?.Buffer?.from !== "function"
  ) {
    return null;
  }
  const { createHmac, createSecretKey, timingSafeEqual } = nodeCrypto;
  const { Buffer } = nodeBuffer;
  const keys = keyCache<object>();
  return {
    name: "node:crypto",
    sign(secret, prefix, body) {
      const key = keys.get(secret, () => createSecretKey(decodeWebhookSecret(secret)));
      const hmac = createHmac("sha256", key);
      return typeof body === "string"
        ? hmac.update(prefix + body).digest()
        : hmac.update(prefix).update(body).digest();
    },
    decodeSignature: (value) => Buffer.from(value, "base64"),
    equal: (a, b) => a.length === b.length && timingSafeEqual(a, b),
  };
}

let selected: HmacBackend | undefined;

/** The fastest backend this runtime offers, chosen once. */
export function defaultHmac(): HmacBackend {
  selected ??= nodeCryptoHmac() ?? webCryptoHmac();
  return selected;
}
