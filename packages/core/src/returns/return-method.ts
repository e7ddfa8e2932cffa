/** @module returns/return-method — the return method a create names, or the shop's only one. */
import { problems } from "../domain/problems";
import type { ReturnMethod } from "../domain/return-methods";

/**
 * The method a new return or request travels by: the one named (the schema has checked it is
 * offered), else the shop's only one; a 400 naming `return_method` when the shop offers several.
 */
export function chosenReturnMethod(
  named: ReturnMethod | undefined,
  offered: readonly ReturnMethod[],
): ReturnMethod {
  if (named !== undefined) return named;
  if (offered.length === 1) return offered[0]!;
  const message = `return_method is required: the shop offers ${offered.join(", ")}`;
  throw problems.invalidBody(`return_method: ${message}`, [{ path: "return_method", message }]);
}
