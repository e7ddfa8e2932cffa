/**
 * @module delivery/configured-endpoints — the dispatcher's `ready`: the store initialised,
 * the sender prepared and the endpoints from options (webhooks and subscribers) saved,
 * started lazily and retried after a failure (the store may have been briefly unreachable).
 */
import type { OutboxEndpoint, ReturnsStore } from "../store/types";
import type { ReportError } from "./error-report";
import type { WebhookSender } from "./sender";

interface ReadinessParts {
  store: ReturnsStore;
  sender: WebhookSender;
  /** Already checked and converted, each once. */
  endpoints: readonly OutboxEndpoint[];
  report: ReportError;
}

/** Returns `ensureReady`: one shared attempt at a time, forgotten when it fails. */
export function createReadiness(parts: ReadinessParts): () => Promise<void> {
  let readyPromise: Promise<void> | undefined;
  return function ensureReady(): Promise<void> {
    if (!readyPromise) {
      const saving = saveConfiguredEndpoints(parts);
      readyPromise = saving;
      // Observed here so a failure nobody awaits is not an unhandled rejection; forgotten so
      // that the next use tries again (the store may have been briefly unreachable).
      saving.catch((error) => {
        if (readyPromise === saving) readyPromise = undefined;
        parts.report(error, { operation: "save_endpoints" });
      });
    }
    return readyPromise;
  };
}

async function saveConfiguredEndpoints({ store, sender, endpoints }: ReadinessParts) {
  await Promise.all([store.init?.(), sender.prepare()]);
  if (endpoints.length === 0) return;
  const existing = new Map((await store.listEndpoints()).map((e) => [e.id, e]));
  for (const endpoint of endpoints) {
    const previous = existing.get(endpoint.id);
    // A restart must not silently re-enable an endpoint a 410 disabled: only an explicit
    // registerEndpoint does that.
    await store.saveEndpoint(
      previous
        ? {
            ...endpoint,
            enabled: previous.enabled,
            disabled_reason: previous.disabled_reason,
            created_at: previous.created_at,
          }
        : endpoint,
    );
  }
}
