/**
 * @module store/deep-freeze — read-only stored values: frozen in place, or frozen copies that
 * share what cannot change.
 */

/**
 * Objects frozen all the way down by this module. Only these are shared by `frozenCopy`: an
 * object someone else froze may still reach a mutable one.
 */
const deeplyFrozen = new WeakSet<object>();

/** Freezes `value` and everything it reaches; already-frozen parts are not walked again. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
    deeplyFrozen.add(value);
  }
  return value;
}

/**
 * A deeply frozen copy of JSON-shaped data, so a caller's later change cannot reach it. Unlike
 * `structuredClone` it keeps strings (immutable) instead of duplicating them, shares parts
 * already deeply frozen (a previous version's history entries, the machine's snapshots), and
 * keeps an object reached twice one object. Anything but plain objects and arrays is cloned.
 */
export function frozenCopy<T>(value: T): T {
  return copyOf(value, new Map()) as T;
}

function copyOf(value: unknown, copies: Map<object, object>): unknown {
  if (value === null || typeof value !== "object" || deeplyFrozen.has(value)) return value;
  const known = copies.get(value);
  if (known) return known;
  let copy: Record<string, unknown> | unknown[];
  if (Array.isArray(value)) {
    copy = new Array(value.length);
    copies.set(value, copy);
    for (let i = 0; i < value.length; i++) copy[i] = copyOf(value[i], copies);
  } else if (isPlainObject(value)) {
    copy = {};
    copies.set(value, copy);
    for (const key of Object.keys(value)) copy[key] = copyOf(value[key], copies);
  } else {
    return deepFreeze(structuredClone(value));
  }
  Object.freeze(copy);
  deeplyFrozen.add(copy);
  return copy;
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
