/**
 * @module domain/reason-narrowing — which reasons of the catalogue one order line allows, and
 * those reasons structured for a two-step choice (what was wrong; for fit, which way and where).
 *
 * A host narrows with lists whose entries are reason codes or body parts. A list narrows only
 * the kinds it names: body parts and fit codes narrow the fit reasons (a body part allows every
 * direction at it), other codes narrow the other reasons; a kind it names nothing of stays
 * whole. So `["FOOT", "TOE", "WIDTH"]` keeps a shoe's fit reasons to the foot and still lets
 * it arrive damaged.
 */
import {
  FIT_CATEGORY,
  type FitDirection,
  type ParsedReason,
  type ReasonCatalogue,
} from "./reasons";

/** The entries of `entries` that are neither a reason code nor a body part of `catalogue`. */
export function unknownReasonEntries(
  catalogue: ReasonCatalogue,
  entries: readonly string[],
): string[] {
  return entries.filter((entry) => !catalogue.has(entry) && !catalogue.bodyParts.includes(entry));
}

/** The codes of `catalogue` that `entries` allow, in the catalogue's order (see the module). */
export function allowedReasons(
  catalogue: ReasonCatalogue,
  entries: readonly string[],
): readonly string[] {
  const parts = new Set(entries.filter((entry) => catalogue.bodyParts.includes(entry)));
  const codes = new Set(entries.filter((entry) => catalogue.has(entry)));
  const named = new Set<ParsedReason["kind"]>(parts.size ? ["fit"] : []);
  for (const code of codes) named.add(catalogue.parse(code)!.kind);
  return catalogue.codes.filter((code) => {
    const parsed = catalogue.parse(code)!;
    if (!named.has(parsed.kind) || codes.has(code)) return true;
    return parsed.kind === "fit" && parsed.body_part !== null && parts.has(parsed.body_part);
  });
}

/** Codes both lists allow, in the order of `a`; null stands for every code. */
export function bothAllow(
  a: readonly string[] | null,
  b: readonly string[] | null,
): readonly string[] | null {
  if (a === null) return b;
  if (b === null) return a;
  const inB = new Set(b);
  return a.filter((code) => inB.has(code));
}

/** One fit reason a line allows, by its structure. */
export interface FitChoice {
  /** What a return sends as `reason`. */
  code: string;
  /** Which way it did not fit. */
  direction: FitDirection;
  /** Null for a bare direction (`TOO_SMALL`). */
  body_part: string | null;
}

/** A line's reasons as a customer chooses them (the returnable view's `reasons`). */
export interface LineReasons {
  /** Every code the line allows, in the catalogue's order. */
  codes: string[];
  /** What was wrong, in the catalogue's order: `FIT` when any fit reason is allowed, then each other reason. */
  categories: string[];
  /** For `FIT`: the directions and body parts its reasons use, and the reasons themselves. */
  fit: { directions: FitDirection[]; body_parts: string[]; reasons: FitChoice[] } | null;
}

/** `allowed` (null for the whole catalogue) structured for the two-step choice. */
export function lineReasons(
  catalogue: ReasonCatalogue,
  allowed: readonly string[] | null,
): LineReasons {
  const codes = [...(allowed ?? catalogue.codes)];
  const fit: FitChoice[] = [];
  const other: string[] = [];
  for (const code of codes) {
    const parsed = catalogue.parse(code)!;
    if (parsed.kind === "fit")
      fit.push({ code, direction: parsed.direction, body_part: parsed.body_part });
    else other.push(code);
  }
  const orderedBy = (values: readonly string[]) => (a: string, b: string) =>
    values.indexOf(a) - values.indexOf(b);
  return {
    codes,
    categories: [...(fit.length ? [FIT_CATEGORY] : []), ...other],
    fit: fit.length
      ? {
          directions: [...new Set(fit.map((reason) => reason.direction))],
          body_parts: [
            ...new Set(fit.flatMap((reason) => (reason.body_part ? [reason.body_part] : []))),
          ].sort(orderedBy(catalogue.bodyParts)),
          reasons: fit,
        }
      : null,
  };
}
