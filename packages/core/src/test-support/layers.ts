/**
 * @module test-support/layers — the folders of core/src in their order, bottom first: a
 * module may import its own folder and the folders below it, never one beside or above it.
 * `layers.test.ts` enforces it on the imports; `architecture.test.ts` holds ARCHITECTURE.md's
 * map to it.
 */

/** `(root)` names the files directly in core/src (service.ts, index.ts, …). */
export const ROOT_LAYER = "(root)";

/** Bottom first. Folders in one entry share a rank and may not import each other. */
export const LAYERS: readonly (readonly string[])[] = [
  ["util"],
  ["domain"],
  ["store", "auth", "carriers"],
  ["observability"],
  ["returns"],
  ["policy", "insights", "guests", "privacy"],
  ["delivery", "scheduler"],
  ["webhook-admin"],
  ["http"],
  [ROOT_LAYER],
];

/** Folders of core/src outside the layers: helpers for tests, which may import anything. */
export const UNLAYERED_FOLDERS: readonly string[] = ["test-support"];
