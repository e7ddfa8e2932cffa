/**
 * @module store/stored-response — what a keyed write keeps for its replay: the response with the
 * return's history replaced by the number of entries it held.
 *
 * A return's history is append-only, so the history a response carried is always the first
 * entries of the return's current history. Keeping the count instead of the entries makes
 * every stored response the same size however long the history grows; a copy per version
 * would grow with the square of the number of writes. A replay puts the entries back from
 * the return as it stands, in the same place among the keys, so the body is the one first
 * sent, byte for byte. A body whose `history` is still an array (stored before this) is
 * replayed as it is.
 */
import type { HistoryEntry, ReturnData } from "../domain/schemas";
import type { IdempotentResponse } from "./types";

/** A return body as stored under a key: its history is the number of entries it held. */
type StoredReturnBody = Omit<ReturnData, "history"> & { history: number };

/** The response to keep for a replay of `response`, whose body is a return. */
export function responseToStore(response: IdempotentResponse): IdempotentResponse {
  const record = response.body as ReturnData;
  const body: StoredReturnBody = { ...record, history: record.history.length };
  return { ...response, body };
}

/** The return id and history length a stored body needs filled in, or null if it needs nothing. */
export function historyToRestore(
  response: IdempotentResponse,
): { returnId: string; length: number } | null {
  const body = response.body as Partial<StoredReturnBody> | null;
  if (response.status >= 400 || typeof body?.history !== "number" || !body.id) return null;
  return { returnId: body.id, length: body.history };
}

/**
 * `response` with the committed `record` itself as its body, when its body is that record as
 * stored (the same version, history as a count): a store that keeps objects rather than
 * serialising them then holds no second copy of the record, and replays it as it is, byte for
 * byte the body first sent.
 */
export function referencingRecord(
  response: IdempotentResponse,
  record: ReturnData,
): IdempotentResponse {
  const body = response.body as Partial<StoredReturnBody> | null;
  const restore = historyToRestore(response);
  if (restore?.returnId !== record.id || body?.version !== record.version) return response;
  if (restore.length !== record.history.length) return response;
  return { status: response.status, body: record, headers: response.headers };
}

/** The response as first sent: `history` back to its first `length` entries. */
export function restoreHistory(
  response: IdempotentResponse,
  history: readonly HistoryEntry[],
): IdempotentResponse {
  const body = response.body as StoredReturnBody;
  if (history.length < body.history) {
    throw new Error(
      `return ${body.id} has ${history.length} history entries; its stored response needs ${body.history}`,
    );
  }
  const record: ReturnData = { ...body, history: history.slice(0, body.history) };
  return { ...response, body: record };
}
