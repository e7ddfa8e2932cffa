/**
 * @module returns/timer-handlers — the handler of each kind of timer, by name: what firing it
 * records on its return (`returns/timer-firing.ts`). Core code registers them here, one per
 * kind of deadline (an exchange's hold, a payment awaited); hosts do not. A timer whose name has
 * no handler is never lost: its firing fails, is reported, and is tried again after its lease.
 */
import {
  HOLD_DUE_TIMER,
  holdDeadlinePassed,
  PAYMENT_DUE_TIMER,
  paymentLapsed,
} from "./exchange-release";
import type { TimerHandlers } from "./timer-firing";
import { releaseSettings } from "./write-path";

export const TIMER_HANDLERS: TimerHandlers = new Map([
  // The customer's payment of an exchange's difference did not come in time: fall back.
  [
    PAYMENT_DUE_TIMER,
    (current, _timer, _at, settings) =>
      paymentLapsed(current, releaseSettings(settings), settings.refundPolicy),
  ],
  // An instant exchange's return has not shipped by the hold's deadline: the hold falls due.
  [HOLD_DUE_TIMER, (current) => holdDeadlinePassed(current)],
]);
