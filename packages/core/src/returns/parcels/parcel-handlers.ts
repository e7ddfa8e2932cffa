/**
 * @module returns/parcels/parcel-handlers — the parcel's timer handlers, registered beside core's
 * own (`TIMER_HANDLERS`) when the service has a `carriers` option: they need its carrier.
 */
import type { CarrierSettings } from "../../carriers/carrier-options";
import type { ReturnsStore } from "../../store/types";
import type { TimerHandlers } from "../timer-firing";
import { labelDueHandler } from "./label-job";
import { labelVoidHandler } from "./label-void";
import { LABEL_DUE, LABEL_VOID } from "./parcel-timer-names";

/** `handlers` with the label job's and the void's, when `carriers` is set. */
export function withParcelHandlers(
  handlers: TimerHandlers,
  deps: { store: ReturnsStore; now: () => number; carriers?: CarrierSettings | null },
): TimerHandlers {
  const { carriers } = deps;
  if (!carriers) return handlers;
  const parcelDeps = { store: deps.store, now: deps.now, carriers };
  return new Map([
    ...handlers,
    [LABEL_DUE, labelDueHandler(parcelDeps)],
    [LABEL_VOID, labelVoidHandler(parcelDeps)],
  ]);
}
