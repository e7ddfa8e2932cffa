/** @module returns/parcels/parcel-timer-names — the names of the parcel's timers, shared by who sets and who fires them. */

/** The label job: buy the parcel's label (`label-job.ts`). */
export const LABEL_DUE = "label_due";
/** Void a bought, unused label of a cancelled or rejected return (`label-void.ts`). */
export const LABEL_VOID = "label_void";
