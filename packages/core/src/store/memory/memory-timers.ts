/**
 * @module store/memory/memory-timers — the memory store's timers: one per (return, name), each
 * with the lease of its last claim. Commits check (`refusal`) and then change them (`apply`)
 * synchronously with the rest of the commit, so a refused commit changes none. Claims scan
 * every timer: a process holds few (one per return waiting on a deadline).
 */
import type { Timer, TimerChanges } from "../types";

interface HeldTimer {
  due_at: number;
  /** Epoch ms on the caller's clock until which the last claimer holds it; 0 when never claimed. */
  leasedUntil: number;
}

export class MemoryTimers {
  /** Return id → timer name → the timer. */
  private readonly byReturn = new Map<string, Map<string, HeldTimer>>();

  /** `timer_gone` when `changes.fire` names a timer not set at that due time, else null. */
  refusal(returnId: string, changes: TimerChanges | undefined): { reason: "timer_gone" } | null {
    const fire = changes?.fire;
    if (!fire) return null;
    const held = this.byReturn.get(returnId)?.get(fire.name);
    return held?.due_at === fire.due_at ? null : { reason: "timer_gone" };
  }

  /** Fires, clears, then sets, as one commit of `returnId` says (checked by `refusal` first). */
  apply(returnId: string, changes: TimerChanges | undefined): void {
    if (!changes) return;
    const timers = this.byReturn.get(returnId) ?? new Map<string, HeldTimer>();
    if (changes.fire) timers.delete(changes.fire.name);
    for (const name of changes.clear ?? []) timers.delete(name);
    for (const { name, due_at } of changes.set ?? []) timers.set(name, { due_at, leasedUntil: 0 });
    if (timers.size > 0) this.byReturn.set(returnId, timers);
    else this.byReturn.delete(returnId);
  }

  claim(request: { now: number; limit: number; leaseMs: number }): Timer[] {
    const { now, limit, leaseMs } = request;
    const due: Array<Timer & { held: HeldTimer }> = [];
    for (const [return_id, timers] of this.byReturn) {
      for (const [name, held] of timers) {
        if (held.due_at <= now && held.leasedUntil <= now)
          due.push({ return_id, name, due_at: held.due_at, held });
      }
    }
    due.sort((a, b) => a.due_at - b.due_at);
    return due.slice(0, limit).map(({ held, ...timer }) => {
      held.leasedUntil = now + leaseMs;
      return timer;
    });
  }

  /** Removes the timer if still due at `due_at`; the caller checked the return's version. */
  drop(timer: Timer): boolean {
    const timers = this.byReturn.get(timer.return_id);
    if (timers?.get(timer.name)?.due_at !== timer.due_at) return false;
    this.apply(timer.return_id, { clear: [timer.name] });
    return true;
  }

  list(returnId: string): Timer[] {
    const timers = [...(this.byReturn.get(returnId) ?? [])];
    return timers
      .map(([name, { due_at }]) => ({ return_id: returnId, name, due_at }))
      .sort((a, b) => a.due_at - b.due_at || (a.name < b.name ? -1 : 1));
  }

  /** The earliest due time a claim could return: a leased timer's when its lease ends. */
  nextDueAt(): number | null {
    let next: number | null = null;
    for (const timers of this.byReturn.values()) {
      for (const { due_at, leasedUntil } of timers.values()) {
        const at = Math.max(due_at, leasedUntil);
        if (next === null || at < next) next = at;
      }
    }
    return next;
  }
}
