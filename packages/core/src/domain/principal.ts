/** @module domain/principal — who is calling, and what each operation needs. */
import { problems } from "./problems";
import { isStorableText, STORABLE_TEXT_RULE } from "./text";

export type CallerKind = "portal" | "merchant";

export const SCOPES = {
  portalRead: "portal:returns.read",
  portalWrite: "portal:returns.write",
  merchantRead: "merchant:returns.read",
  merchantWrite: "merchant:returns.write",
  /** The back office's webhook operations: endpoints, secrets, deliveries. Implied by no other. */
  webhooksManage: "merchant:webhooks.manage",
} as const;

export type Scope = (typeof SCOPES)[keyof typeof SCOPES];

export const ALL_SCOPES: readonly Scope[] = Object.values(SCOPES);

/**
 * An authenticated caller. `kind` is decided by the scope family, never by other claims;
 * a portal principal's `id` is the customer (`sub`) whose returns it may touch.
 */
export interface Principal {
  kind: CallerKind;
  id: string;
  scopes: readonly string[];
  /** OAuth client that obtained the token, when known. */
  clientId?: string;
  /**
   * A guest's one order (a guest session found it by number and email or postcode): the
   * caller may see and return from this order only; any other is as unknown as a missing one.
   */
  orderId?: string;
}

/**
 * Whether `principal` may see what belongs to `orderId` and `customerId`: a merchant sees all,
 * a customer its own, a guest its own order's only.
 */
export function mayAccess(
  principal: Principal,
  record: { customer_id: string; order_id: string },
): boolean {
  if (principal.kind !== "portal") return true;
  if (record.customer_id !== principal.id) return false;
  return principal.orderId === undefined || principal.orderId === record.order_id;
}

/** What a portal caller's list queries are narrowed to: its customer, and a guest's order. */
export function portalListScope(principal: Principal): { customer_id: string; order_id?: string } {
  return principal.orderId === undefined
    ? { customer_id: principal.id }
    : { customer_id: principal.id, order_id: principal.orderId };
}

/**
 * The kinds of actor this release writes or has reserved. `portal` and `merchant` are callers
 * (`CallerKind`); `policy` is the host's autoApprove rule; `carrier` (tracking scans that move
 * a return), `privacy` (an erasure) and `system` (the service's own timed work) are reserved
 * for the features that will write them.
 */
export const ACTOR_KINDS = [
  "portal",
  "merchant",
  "policy",
  "carrier",
  "privacy",
  "system",
] as const;
export type KnownActorKind = (typeof ACTOR_KINDS)[number];

/**
 * An actor's kind: an open set. A later release MAY add kinds without a breaking change, so
 * whoever reads history (receivers, screens, tools) MUST accept a kind it does not know and
 * show it as it is. `(string & {})` keeps the known kinds offered by editors.
 */
export type ActorKind = KnownActorKind | (string & {});

/** Who made a change, as recorded in history. */
export interface Actor {
  kind: ActorKind;
  id: string;
  /**
   * Whom the actor acted for, when not on its own account: e.g. `privacy` erasing a customer
   * at a staff member's request (`{ kind: "merchant", id }`).
   */
  on_behalf_of?: { kind: ActorKind; id: string };
}

export type Access = "read" | "write";

/** The scope an operation of this kind needs; `.write` implies `.read`. */
export function requiredScope(kind: CallerKind, access: Access): Scope {
  if (kind === "portal") return access === "read" ? SCOPES.portalRead : SCOPES.portalWrite;
  return access === "read" ? SCOPES.merchantRead : SCOPES.merchantWrite;
}

export function hasScope(principal: Principal, kind: CallerKind, access: Access): boolean {
  const write = requiredScope(kind, "write");
  if (principal.scopes.includes(write)) return true;
  return access === "read" && principal.scopes.includes(requiredScope(kind, "read"));
}

/** Every scope a caller could hold to be allowed this operation (for `scope="…"` challenges). */
export function acceptableScopes(kind: CallerKind, access: Access): Scope[] {
  return access === "read"
    ? [requiredScope(kind, "read"), requiredScope(kind, "write")]
    : [requiredScope(kind, "write")];
}

/**
 * Throws 403 unless the principal is of `kind` and holds a scope allowing `access`.
 * A portal token on a merchant route (or the reverse) fails here too. Every operation starts
 * here, so it also refuses (401) a caller whose ids no store could keep exactly.
 */
export function assertScope(principal: Principal, kind: CallerKind, access: Access): void {
  assertStorableIds(principal);
  if (principal.kind !== kind || !hasScope(principal, kind, access)) {
    throw problems.insufficientScope(acceptableScopes(kind, access));
  }
}

/**
 * Throws 403 naming `scope` unless a merchant principal holds it: for operations of a scope of
 * their own, which neither `.read` nor `.write` implies.
 */
export function assertMerchantScope(principal: Principal, scope: Scope): void {
  assertStorableIds(principal);
  if (principal.kind !== "merchant" || !principal.scopes.includes(scope)) {
    throw problems.insufficientScope([scope]);
  }
}

/**
 * A host's `authenticate` (or an in-process caller) may hand over any string. The id becomes
 * the customer's id in the store, and one a store cannot keep exactly could name another
 * customer there (PostgreSQL keeps "\ud800" and "\udfff" both as U+FFFD), so it is refused
 * like a token whose `sub` holds it.
 */
function assertStorableIds(principal: Principal): void {
  for (const [name, value] of [
    ["id", principal.id],
    ["client id", principal.clientId],
  ] as const) {
    if (value !== undefined && !isStorableText(value)) {
      throw problems.invalidToken(`The caller's ${name} ${STORABLE_TEXT_RULE}.`);
    }
  }
}
