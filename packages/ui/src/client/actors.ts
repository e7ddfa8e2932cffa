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

/**
 * Who acted, as a name: a job of a kind with words of its own by what it does ("Privacy
 * erasure": `actor.<kind>.<id>`), else the kind in words and the id ("Staff staff-2").
 */
function actorName(actor: ActorLike, t: I18n["t"]): string {
  const job = `actor.${actor.kind}.${actor.id}` as MessageKey;
  const text = t(job);
  return text === job ? `${actorKindLabel(actor.kind, t)} ${actor.id}` : text;
}

/**
 * "Staff staff-2"; with whom it acted for, "Privacy erasure, requested by Staff staff-2": a
 * privacy job runs because staff asked for it, which the audit must name.
 */
export function describeActor(actor: ActorLike, t: I18n["t"]): string {
  const who = actorName(actor, t);
  if (!actor.on_behalf_of) return who;
  const key = actor.kind === "privacy" ? "actor.requestedBy" : "actor.onBehalfOf";
  return t(key, { actor: who, for: describeActor(actor.on_behalf_of, t) });
}
