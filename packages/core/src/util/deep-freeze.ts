/**
 * @module util/deep-freeze — read-only stored values: frozen in place, or frozen copies that
 * share what cannot change.
 */

/** Freezes `value` and everything it reaches; already-frozen parts are not walked again. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * A deeply frozen copy of JSON-shaped data, so a caller's later change cannot reach it. Unlike
 * `structuredClone` it keeps strings (immutable) instead of duplicating them, keeps an object
 * reached twice one object, and shares every part that is already frozen all the way down (a
 * version the service froze before handing it over, a previous version's history entries): a
 * frozen part is copied only when something it reaches can still change. Knowing that takes a
 * walk, not a registry of frozen objects, which would cost memory per object for as long as the
 * objects live. Anything but plain objects and arrays is cloned.
 */
export function frozenCopy<T>(value: T): T {
  return copyOf(value, new Map()) as T;
}

function copyOf(value: unknown, seen: Map<object, unknown>): unknown {
  if (value === null || typeof value !== "object") return value;
  if (seen.has(value)) return seen.get(value);
  if (Array.isArray(value)) return copyArray(value, seen);
  if (isPlainObject(value)) return copyObject(value, seen);
  const clone = deepFreeze(structuredClone(value));
  seen.set(value, clone);
  return clone;
}

function copyArray(value: readonly unknown[], seen: Map<object, unknown>): readonly unknown[] {
  if (Object.isFrozen(value) && sharesAll(value, value, seen)) return value;
  const copy = new Array(value.length);
  seen.set(value, copy);
  for (let i = 0; i < value.length; i++) copy[i] = copyOf(value[i], seen);
  return Object.freeze(copy);
}

function copyObject(value: Record<string, unknown>, seen: Map<object, unknown>): object {
  if (Object.isFrozen(value) && sharesAll(value, Object.values(value), seen)) return value;
  const copy: Record<string, unknown> = {};
  seen.set(value, copy);
  for (const key of Object.keys(value)) copy[key] = copyOf(value[key], seen);
  return Object.freeze(copy);
}

/**
 * Whether the frozen `value` can be shared: each of its `children` is its own copy. Marked
 * shared while walking, so data reached twice is walked once.
 */
function sharesAll(value: object, children: readonly unknown[], seen: Map<object, unknown>) {
  seen.set(value, value);
  for (const child of children) {
    if (copyOf(child, seen) !== child) {
      seen.delete(value);
      return false;
    }
  }
  return true;
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
