/**
 * @module delivery-log — what an on-call engineer reads when a receiver says it missed
 * something: one return's webhook events and every delivery attempt, through the webhook
 * operations API (`merchant:webhooks.manage`), as the back office would.
 */
import pc from "picocolors";
import { printTable } from "./table";

// biome-ignore lint/suspicious/noExplicitAny: the demo reads response bodies loosely, like a script would
type Json = Record<string, any>;

export async function printDeliveryLog(base: string, token: string, returnId: string) {
  const read = async (path: string): Promise<Json> => {
    const response = await fetch(`${base}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const json = (await response.json()) as Json;
    const shown = path.replace(/ret_[0-9A-Z]{26}/, (id) => `${id.slice(0, 10)}…`);
    console.log(`    GET   ${shown.padEnd(48)} ${response.status}  ${json.data?.length ?? 0}`);
    if (!response.ok) throw new Error(`GET ${path} → ${response.status} ${json.detail ?? ""}`);
    return json;
  };
  const events = await read(`/v1/webhooks/events?return_id=${returnId}`);
  const deliveries = await read(`/v1/webhooks/deliveries?return_id=${returnId}&limit=100`);
  const eventsById = new Map<string, Json>(events.data.map((e: Json) => [e.id, e]));
  printTable(
    ["seq", "event", "to", "status", "attempts (status, duration)"],
    deliveries.data.map((d: Json) => {
      const event = eventsById.get(d.event_id);
      return [
        `#${event?.seq ?? "?"}`,
        event?.type ?? d.event_id,
        d.endpoint_id,
        d.status === "delivered" ? pc.green(d.status) : pc.red(d.status),
        d.attempts
          .map((a: Json) => `${a.status ?? a.error ?? "handled"} in ${a.duration_ms} ms`)
          .join(", "),
      ];
    }),
  );
}
