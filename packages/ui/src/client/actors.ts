/**
 * @module client/actors — who took a step of a return's history, in the reader's words. The
 * API's actor kinds are an open set: a kind this page does not know (a later release's) is
 * humanised ("warehouse_robot" → "Warehouse robot"), never dropped, mistaken for another or
 * shown as a raw code.
 */
import { humaniseCode } from "./codes";
import type { I18n } from "./i18n";
import type { MessageKey } from "./messages/en";

interface ActorLike {
  kind: string;
  id: string;
  on_behalf_of?: { kind: string; id: string };
}

/** A known kind in words ("Staff"); an unknown one humanised. */
function actorKindLabel(kind: string, t: I18n["t"]): string {
  const key = `actor.${kind}` as MessageKey;
  const text = t(key);
  return text === key ? humaniseCode(kind) : text;
}

/** "Staff staff-2"; with whom it acted for, "Privacy request erasure for Staff staff-2". */
export function describeActor(actor: ActorLike, t: I18n["t"]): string {
  const who = `${actorKindLabel(actor.kind, t)} ${actor.id}`;
  if (!actor.on_behalf_of) return who;
  return t("actor.onBehalfOf", { actor: who, for: describeActor(actor.on_behalf_of, t) });
}
