/**
 * @module domain/reasons — the return-reason catalogue, `parseReason`, and fit-signal derivation.
 *
 * Fit reasons carry structure (`TOO_SMALL_AT_CHEST` = direction + body part) that sizing
 * analytics need; every other reason is an opaque code.
 */

export const FIT_DIRECTIONS = [
  "TOO_SMALL",
  "TOO_LARGE",
  "TOO_TIGHT",
  "TOO_LOOSE",
  "TOO_SHORT",
  "TOO_LONG",
] as const;

const DEFAULT_BODY_PARTS = [
  "CHEST",
  "WAIST",
  "HIPS",
  "SHOULDERS",
  "SLEEVES",
  "NECK",
  "INSEAM",
  "THIGHS",
  "LENGTH",
  "FOOT",
  "TOE",
  "WIDTH",
] as const;

const DEFAULT_OTHER_REASONS = [
  "DAMAGED",
  "DEFECTIVE",
  "WRONG_ITEM",
  "NOT_AS_DESCRIBED",
  "CHANGED_MIND",
  "ARRIVED_LATE",
  "OTHER",
] as const;

/** The category that stands for every fit reason in a two-step choice; no other reason may be it. */
export const FIT_CATEGORY = "FIT";

/** Bare directions that are fit reasons on their own, without a body part. */
const BARE_FIT_REASONS = ["TOO_SMALL", "TOO_LARGE"] as const;

export type FitDirection = (typeof FIT_DIRECTIONS)[number];

export type ParsedReason =
  | { kind: "fit"; direction: FitDirection; body_part: string | null }
  | { kind: "other"; code: string };

/** Upper-case words joined by underscores. */
export const REASON_CODE_PATTERN = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

export interface ReasonCatalogueOptions {
  /** Extra body parts for `<DIRECTION>_AT_<BODY_PART>` fit reasons. */
  bodyParts?: readonly string[];
  /** Extra non-fit reasons. */
  other?: readonly string[];
}

export interface ReasonCatalogue {
  /** Every accepted code, fit reasons first, in a stable order. */
  readonly codes: readonly string[];
  readonly bodyParts: readonly string[];
  readonly other: readonly string[];
  has(code: string): boolean;
  /** Structure of a known code; `null` for codes outside the catalogue. */
  parse(code: string): ParsedReason | null;
}

export function createReasonCatalogue(options: ReasonCatalogueOptions = {}): ReasonCatalogue {
  const bodyParts = unique([...DEFAULT_BODY_PARTS, ...(options.bodyParts ?? [])], "body part");
  const other = unique([...DEFAULT_OTHER_REASONS, ...(options.other ?? [])], "reason");
  const parsed = new Map<string, ParsedReason>();
  for (const direction of BARE_FIT_REASONS)
    parsed.set(direction, { kind: "fit", direction, body_part: null });
  for (const direction of FIT_DIRECTIONS) {
    for (const part of bodyParts) {
      parsed.set(`${direction}_AT_${part}`, { kind: "fit", direction, body_part: part });
    }
  }
  for (const code of other) {
    if (parsed.has(code)) throw new Error(`reason ${code} is already a fit reason`);
    if (code === FIT_CATEGORY) throw new Error(`reason ${code} names the fit reasons' category`);
    parsed.set(code, { kind: "other", code });
  }
  const codes = [...parsed.keys()];
  return {
    codes,
    bodyParts,
    other,
    has: (code) => parsed.has(code),
    parse: (code) => parsed.get(code) ?? null,
  };
}

function unique(values: string[], what: string): string[] {
  for (const value of values) {
    if (!REASON_CODE_PATTERN.test(value)) {
      throw new Error(`${what} "${value}" must be upper-case words joined by underscores`);
    }
  }
  return [...new Set(values)];
}

const defaultCatalogue = createReasonCatalogue();

/**
 * Parses a reason of the default catalogue. Fit reasons by shape; anything else is `other`
 * (use a catalogue's `parse` to also reject codes the host did not allow).
 */
export function parseReason(code: string): ParsedReason {
  const known = defaultCatalogue.parse(code);
  if (known) return known;
  const match = /^(TOO_[A-Z]+)_AT_([A-Z0-9_]+)$/.exec(code);
  if (match && (FIT_DIRECTIONS as readonly string[]).includes(match[1]!)) {
    return { kind: "fit", direction: match[1] as FitDirection, body_part: match[2]! };
  }
  return { kind: "other", code };
}

/** A fit reason the catalogue does not list: `<DIRECTION>_AT_<BODY_PART>`, as `parseReason` reads it. */
const FIT_REASON_SHAPE = `^(${FIT_DIRECTIONS.join("|")})_AT_[A-Z0-9_]+$`;

/**
 * Which reasons are fit reasons, as data a store can apply where it counts (in SQL, say): a
 * code `fit` lists is one, a code `other` lists is not, and any other code (one the catalogue
 * no longer lists, such as a body part since removed) is one when it matches `shape`, an
 * anchored regular expression in the syntax JavaScript and PostgreSQL share. It answers as
 * the catalogue's `parse` does, falling back to `parseReason`.
 */
export interface FitReasonRule {
  readonly fit: readonly string[];
  readonly other: readonly string[];
  readonly shape: string;
}

export function fitReasonRule(catalogue: ReasonCatalogue): FitReasonRule {
  const kindOf = (code: string) => catalogue.parse(code)?.kind;
  return {
    fit: catalogue.codes.filter((code) => kindOf(code) === "fit"),
    other: catalogue.codes.filter((code) => kindOf(code) === "other"),
    shape: FIT_REASON_SHAPE,
  };
}

/** `rule` as a test of one code. */
export function fitReasonTest(rule: FitReasonRule): (code: string) => boolean {
  const fit = new Set(rule.fit);
  const other = new Set(rule.other);
  const shape = new RegExp(rule.shape);
  return (code) => fit.has(code) || (!other.has(code) && shape.test(code));
}

/** One reason as portals and agents render it (`GET /v1/reasons`). */
export interface ReasonDescription {
  code: string;
  kind: ParsedReason["kind"];
  /** For fit reasons: which way it did not fit. */
  direction: FitDirection | null;
  /** For fit reasons: where, when the code says. */
  body_part: string | null;
  /** An English label made from the code (`TOO_SMALL_AT_CHEST` → "Too small at the chest"). */
  label: string;
}

/** Every code of `catalogue`, in its order, with its structure and a label to show. */
export function describeReasons(catalogue: ReasonCatalogue): ReasonDescription[] {
  return catalogue.codes.map((code) => {
    const parsed = catalogue.parse(code)!;
    if (parsed.kind === "other") {
      return { code, kind: "other", direction: null, body_part: null, label: sentence(code) };
    }
    const { direction, body_part } = parsed;
    const label = body_part
      ? `${sentence(direction)} at the ${words(body_part)}`
      : sentence(direction);
    return { code, kind: "fit", direction, body_part, label };
  });
}

/** `BODY_PART` → `body part`. */
function words(code: string): string {
  return code.toLowerCase().replaceAll("_", " ");
}

/** `CHANGED_MIND` → `Changed mind`. */
function sentence(code: string): string {
  const text = words(code);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
