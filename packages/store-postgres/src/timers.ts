/**
 * @module timers — the timers of returns: written by the return's commits (`writeTimers`, inside
 * `writeChanges`), claimed under a lease, dropped, listed.
 */
import type { ReturnCommit, Timer, Timers } from "@returnkit/core/store";
import type { StoreContext } from "./context";
import type { SqlTransaction } from "./drivers/types";
import * as sql from "./sql/timers";

type TimerRow = { return_id: string; name: string; due_at: number | string };

const toTimer = (row: TimerRow): Timer => ({
  return_id: row.return_id,
  name: row.name,
  due_at: Number(row.due_at),
});

/** Throws on a commit's timers the store refuses before sending anything (a programming error). */
export function checkTimers({ timers, next }: ReturnCommit): void {
  const names = (timers?.set ?? []).map((timer) => timer.name);
  if (new Set(names).size < names.length)
    throw new TypeError(`commit of ${next.record.id} sets a timer more than once`);
  for (const timer of [...(timers?.set ?? []), ...(timers?.fire ? [timers.fire] : [])]) {
    if (!Number.isSafeInteger(timer.due_at))
      throw new TypeError(`timer ${timer.name} of ${next.record.id} has an invalid due_at`);
  }
}

/**
 * Fires, clears, then sets the timers of `changes` (one change per return), after their
 * returns were written. The index of the first change whose fired timer was gone, or -1.
 */
export async function writeTimers(
  ctx: StoreContext,
  tx: SqlTransaction,
  changes: readonly Pick<ReturnCommit, "next" | "timers">[],
): Promise<number> {
  const withTimers = changes.filter((change) => change.timers);
  if (withTimers.length === 0) return -1;
  const fired = withTimers.flatMap(({ next, timers }) =>
    timers?.fire ? [{ return_id: next.record.id, ...timers.fire }] : [],
  );
  if (fired.length > 0) {
    const rows = await tx.query<{ return_id: string }>(sql.fireTimers(ctx.names), columns(fired));
    const gone = new Set(fired.map((timer) => timer.return_id));
    for (const row of rows) gone.delete(row.return_id);
    const index = changes.findIndex((change) => gone.has(change.next.record.id));
    if (index >= 0) return index;
  }
  const cleared = withTimers.flatMap(({ next, timers }) =>
    (timers?.clear ?? []).map((name) => [next.record.id, name] as const),
  );
  if (cleared.length > 0) {
    const values = [cleared.map(([id]) => id), cleared.map(([, name]) => name)];
    await tx.query(sql.clearTimers(ctx.names), values);
  }
  const set = withTimers.flatMap(({ next, timers }) =>
    (timers?.set ?? []).map((timer) => ({ return_id: next.record.id, ...timer })),
  );
  if (set.length > 0) await tx.query(sql.setTimers(ctx.names), columns(set));
  return -1;
}

/** The arrays the statements take: return ids, names, due times. */
function columns(timers: readonly Timer[]): unknown[][] {
  return [
    timers.map((timer) => timer.return_id),
    timers.map((timer) => timer.name),
    timers.map((timer) => timer.due_at),
  ];
}

export function timerOperations(ctx: StoreContext): Required<Timers> {
  const { db, names: n } = ctx;
  return {
    async claimDueTimers({ workerId, now, limit, leaseMs }) {
      const rows = await db.query<TimerRow>(sql.claimTimers(n), [now, limit, workerId, leaseMs]);
      return rows.map(toTimer).sort((a, b) => a.due_at - b.due_at);
    },
    async dropTimer({ return_id, name, due_at, version }) {
      const rows = await db.query(sql.dropTimer(n), [return_id, name, due_at, version]);
      return rows.length > 0;
    },
    async listTimers(returnId) {
      const rows = await db.query<TimerRow>(sql.listTimers(n), [returnId], { read: true });
      return rows.map(toTimer);
    },
    async nextTimerDueAt(now) {
      const [row] = await db.query<{ due: number | string | null }>(
        sql.nextDueTimer(n),
        [now ?? null],
        { read: true },
      );
      return row?.due == null ? null : Number(row.due);
    },
  };
}
