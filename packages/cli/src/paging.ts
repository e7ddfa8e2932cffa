/** @module paging — `--limit`, checked as the HTTP API checks `limit`, for every list command. */
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from "@returnkit/core";
import type { OptionValues } from "./command";
import { usageError } from "./errors";

/** `--limit`, a whole number from 1 to the HTTP API's maximum; its default when absent. */
export function listLimitOf(options: OptionValues): number {
  const limitText = (options.limit as string | undefined) ?? String(LIST_LIMIT_DEFAULT);
  const limit = /^\d{1,3}$/.test(limitText) ? Number(limitText) : Number.NaN;
  if (!(limit >= 1 && limit <= LIST_LIMIT_MAX)) {
    throw usageError(`--limit takes a whole number from 1 to ${LIST_LIMIT_MAX}`);
  }
  return limit;
}
