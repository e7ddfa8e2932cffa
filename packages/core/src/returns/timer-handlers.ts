/**
 * @module returns/timer-handlers — the handler of each kind of timer, by name: what firing it
 * records on its return (`returns/timer-firing.ts`). Core code registers them here, one per
 * kind of deadline (an exchange's hold, a payment awaited); hosts do not. A timer whose name has
 * no handler is never lost: its firing fails, is reported, and is tried again after its lease.
 */
import type { TimerHandlers } from "./timer-firing";

export const TIMER_HANDLERS: TimerHandlers = new Map();
