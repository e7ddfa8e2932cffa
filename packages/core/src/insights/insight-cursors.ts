/**
 * @module insights/insight-cursors — where a page of fit insights resumes, in the one
 * cursor format (`util/page-cursor.ts`): per size, the last entry's sku and size; in the
 * summary, the last sku's fit returns and the sku. A cursor of one route is refused by the
 * other (its key has another shape).
 */
import { isStorableText } from "../domain/text";
import type { FitSizeKey, FitSkuKey } from "../store/types";
import { decodeCursor, encodeCursor } from "../util/page-cursor";

/** The longest cursor either route writes for a sku and a size of some hundred characters. */
export const INSIGHT_CURSOR_MAX_LENGTH = 2_000;

export function encodeSizeCursor({ sku, size }: FitSizeKey): string {
  return encodeCursor([sku, size]);
}

/** The sku and size a cursor of `encodeSizeCursor` holds, or null for any other text. */
export function decodeSizeCursor(cursor: string): FitSizeKey | null {
  const value = decodeCursor(cursor, INSIGHT_CURSOR_MAX_LENGTH);
  if (value === null || value.length !== 2) return null;
  const [sku, size] = value;
  if (!storable(sku) || (size !== null && !storable(size))) return null;
  return { sku, size };
}

export function encodeSkuCursor({ fit_returns, sku }: FitSkuKey): string {
  return encodeCursor([fit_returns, sku]);
}

/** The fit returns and sku a cursor of `encodeSkuCursor` holds, or null for any other text. */
export function decodeSkuCursor(cursor: string): FitSkuKey | null {
  const value = decodeCursor(cursor, INSIGHT_CURSOR_MAX_LENGTH);
  if (value === null || value.length !== 2) return null;
  const [fit_returns, sku] = value;
  if (!Number.isSafeInteger(fit_returns) || (fit_returns as number) < 0) return null;
  if (!storable(sku)) return null;
  return { fit_returns: fit_returns as number, sku };
}

/** Text a store can hold (a cursor is handed to it): a sku or size as the store gave it. */
function storable(value: unknown): value is string {
  return typeof value === "string" && isStorableText(value);
}
