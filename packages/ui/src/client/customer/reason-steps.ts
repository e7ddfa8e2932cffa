/**
 * @module client/customer/reason-steps — a line's reason chosen in two steps: what was wrong
 * (a category of the line's `reasons`), then, for fit, which way and where. Pure: the page
 * keeps the pick, this says what follows from it.
 */
import type { ReturnableLine } from "../api-schemas";

type LineReasons = ReturnableLine["reasons"];

/** The category that stands for the fit reasons (the API's `FIT`). */
export const FIT = "FIT";
/** The "where" of a bare direction (`TOO_SMALL`): no body part. */
export const OVERALL = "*";

export interface ReasonPick {
  /** `FIT`, another reason's code, or "" before the first step. */
  category: string;
  /** For fit: a direction, or "". */
  direction: string;
  /** For fit: a body part, `OVERALL`, or "". */
  place: string;
}

export const NO_PICK: ReasonPick = { category: "", direction: "", place: "" };

/** Where a fit reason of `direction` may be: the line's body parts for it, `OVERALL` first when bare. */
export function placesFor(reasons: LineReasons, direction: string): string[] {
  const places = (reasons.fit?.reasons ?? [])
    .filter((reason) => reason.direction === direction)
    .map((reason) => reason.body_part ?? OVERALL);
  return [...new Set(places)].sort((a, b) => Number(b === OVERALL) - Number(a === OVERALL));
}

/** The pick after `patch`, with each later step cleared when it no longer fits the earlier. */
export function nextPick(reasons: LineReasons, pick: ReasonPick, patch: Partial<ReasonPick>) {
  const next = { ...pick, ...patch };
  if (next.category !== FIT) return { category: next.category, direction: "", place: "" };
  const places = placesFor(reasons, next.direction);
  // A direction with one place only (a shoe's width, say) needs no second answer.
  if (places.length === 1) return { ...next, place: places[0] as string };
  return places.includes(next.place) ? next : { ...next, place: "" };
}

/** The reason code the pick comes to; "" while a step is missing. */
export function reasonOf(reasons: LineReasons, pick: ReasonPick): string {
  if (!pick.category) return "";
  if (pick.category !== FIT) return reasons.codes.includes(pick.category) ? pick.category : "";
  const bodyPart = pick.place === OVERALL ? null : pick.place;
  const found = reasons.fit?.reasons.find(
    (reason) => reason.direction === pick.direction && reason.body_part === bodyPart,
  );
  return found?.code ?? "";
}
