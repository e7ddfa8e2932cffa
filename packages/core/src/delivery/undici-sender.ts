/**
 * @module delivery/undici-sender — attempts through undici's `request()` over a keep-alive
 * pool: the default on Node.
 *
 * Node's global `fetch` is undici too, but under the Fetch API's Request, Response, Headers
 * and web streams, which cost more CPU per POST than the rest of an attempt (store, HMAC,
 * bookkeeping) together; `request()` is the same client without those layers. undici follows
 * no redirects unless asked to, so a 3xx comes back as it is and counts as a failure.
 *
 * The pool is the sender's own, not undici's global dispatcher: a dispatcher set with
 * `setGlobalDispatcher` (a ProxyAgent, say) is not used, and a host that needs one passes a
 * `fetch` that goes through it. (Node's bundled undici may be another major version than
 * ours, and stop() closes the pool, which must not close a host's.)
 *
 * undici is loaded when a dispatcher gets ready, not when @returnkit/core is imported: hosts
 * that never send webhooks from Node do not load it at all. (Loading it is not free, see
 * bench/README.md: on the first attempt, the first events after a start would wait for it.)
 */
import type { LookupFunction } from "node:net";
import type { Agent } from "undici";
import { checkedLookup } from "./checked-lookup";
import { type DestinationPolicy, destinationPolicy } from "./destinations";
import {
  createHostCheck,
  failedAttempt,
  judgeResponse,
  MAX_DRAINED_BODY_BYTES,
  refusedAttempt,
  type WebhookResponse,
  type WebhookSender,
} from "./sender";

export type Undici = typeof import("undici");

let importing: Promise<Undici> | undefined;

/** One import per process, however many dispatchers. */
function importUndici(): Promise<Undici> {
  importing ??= import("undici");
  return importing;
}

export interface UndiciSenderOptions {
  timeoutMs: number;
  /**
   * Sends instead when undici cannot be loaded (a bundle that left it out): slower, but the
   * webhooks still go.
   */
  fallback: () => WebhookSender;
  /** Told once when undici could not be loaded and the fallback took over. */
  onUnavailable?: (error: unknown) => void;
  /** Default: `import("undici")`. */
  load?: () => Promise<Undici>;
  /**
   * Where attempts may go (default: public addresses only): checked on the URL, and on every
   * address its name resolves to when connecting.
   */
  destinations?: DestinationPolicy;
  /** Resolves names before the check; default `dns.lookup` (a test passes a hosts table). */
  resolve?: LookupFunction;
}

interface Target {
  origin: string;
  path: string;
}

/** Endpoints are few and their URLs fixed: each is split once, not parsed per attempt. */
const targets = new Map<string, Target>();

function targetOf(url: string): Target {
  let target = targets.get(url);
  if (!target) {
    const parsed = new URL(url);
    target = { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
    if (targets.size >= 256) targets.clear();
    targets.set(url, target);
  }
  return target;
}

/** The resolver the checked lookup asks; `node:dns` is loaded with undici, on Node only. */
async function resolverOf(options: UndiciSenderOptions): Promise<LookupFunction> {
  if (options.resolve) return options.resolve;
  const dns = await import("node:dns");
  return dns.lookup as LookupFunction;
}

export function createUndiciSender(options: UndiciSenderOptions): WebhookSender {
  const { timeoutMs } = options;
  const destinations = options.destinations ?? destinationPolicy();
  const refusalOf = createHostCheck(destinations);
  let undici: Undici | undefined;
  let lookup: LookupFunction | undefined;
  /** Set when undici could not be loaded. */
  let fallback: WebhookSender | undefined;
  let loading: Promise<void> | undefined;
  /** Created on the first attempt and dropped by close(); one pool per receiver origin. */
  let agent: Agent | undefined;

  function prepare(): Promise<void> {
    loading ??= Promise.all([(options.load ?? importUndici)(), resolverOf(options)]).then(
      ([module, resolve]) => {
        lookup = checkedLookup(destinations, resolve);
        undici = module;
      },
      (error: unknown) => {
        fallback = options.fallback();
        options.onUnavailable?.(error);
      },
    );
    return loading;
  }

  function currentAgent({ Agent }: Undici): Agent {
    // A connect that outlasts the attempt's deadline is cut off by it anyway. Every name is
    // resolved through the checked lookup, so the address connected to is the one judged.
    agent ??= new Agent({ connect: { timeout: timeoutMs, lookup } });
    return agent;
  }

  return {
    async send(request): Promise<WebhookResponse> {
      if (!undici && !fallback) await prepare();
      // prepare() settles with one or the other.
      const loaded = undici;
      if (!loaded) return fallback!.send(request);
      // An address literal is never looked up: it is judged here, before the pool sees it.
      const refusal = refusalOf(request.url);
      if (refusal) return refusedAttempt(refusal, timeoutMs);
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      // One deadline for connect, headers and body, as with fetch's AbortSignal.timeout; a plain
      // timer and controller cost less than AbortSignal.timeout's GC-aware timer.
      const controller = new AbortController();
      const deadline = setTimeout(
        () =>
          controller.abort(new DOMException(`no response within ${timeoutMs} ms`, "TimeoutError")),
        timeoutMs,
      );
      // As with AbortSignal.timeout, the deadline alone does not keep the process alive.
      deadline.unref?.();
      try {
        const pool = currentAgent(loaded);
        const { origin, path } = targetOf(request.url);
        const response = await pool.request({
          origin,
          path,
          method: "POST",
          headers: request.headers,
          body: request.body,
          signal: controller.signal,
        });
        // Read to the end so the connection goes back to the pool; beyond the limit, or when
        // the deadline destroys it, the body is dropped with its connection. The status has
        // already decided the outcome.
        await response.body.dump({ limit: MAX_DRAINED_BODY_BYTES }).catch(() => {});
        const headers = response.headers;
        return judgeResponse(
          response.statusCode,
          (name) => {
            const value = headers[name];
            return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
          },
          elapsed(),
        );
      } catch (error) {
        return failedAttempt(error, timeoutMs, elapsed());
      } finally {
        clearTimeout(deadline);
      }
    },

    prepare,

    async close() {
      const closing = agent;
      agent = undefined;
      await Promise.all([closing?.close(), fallback?.close()]);
    },
  };
}
