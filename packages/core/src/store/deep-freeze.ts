/** @module store/deep-freeze — makes a stored value read-only all the way down, in place. */

/** Freezes `value` and everything it reaches; already-frozen parts are not walked again. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
