/** @module client/customer/choice — what the customer picked for each line, and what it comes to. */

import type { Refund, ReturnableLine, ReturnRequestEstimate } from "../api-schemas";
import type { ChosenLine } from "../return-request";
import { NO_PICK, type ReasonPick } from "./reason-steps";

export interface LineChoice {
  selected: boolean;
  quantity: number;
  /** The two steps of the reason as picked so far. */
  pick: ReasonPick;
  /** The reason code `pick` comes to; "" until it is complete. */
  reason: string;
  resolution: string;
  exchangeSize: string;
}

export const lineKey = (line: ReturnableLine) => `${line.sku}\u0000${line.size ?? ""}`;

export function initialChoice(line: ReturnableLine): LineChoice {
  return {
    selected: false,
    quantity: 1,
    pick: NO_PICK,
    reason: "",
    resolution: resolutionsOf(line)[0] ?? "REFUND",
    exchangeSize: "",
  };
}

/** The resolutions the line's create template offers (its options), else the line's list. */
export function resolutionsOf(line: ReturnableLine): string[] {
  const property = line._templates.create?.properties?.find((p) => p.name === "resolution");
  const inline = property?.options?.inline;
  return Array.isArray(inline) ? inline.map(String) : line.resolutions;
}

export function offersField(line: ReturnableLine, name: string): boolean {
  const properties = line._templates.create?.properties;
  return !properties || properties.some((p) => p.name === name);
}

export function maxQuantity(line: ReturnableLine): number {
  const property = line._templates.create?.properties?.find((p) => p.name === "line.quantity");
  return Math.max(1, Math.min(property?.max ?? line.returnable_quantity, line.returnable_quantity));
}

type EstimateLine = ReturnRequestEstimate["lines"][number];

/** Whether the estimate's entry is for `line` as chosen (units, reason and resolution). */
function answersLine(
  entry: EstimateLine,
  line: ReturnableLine,
  choice: Pick<LineChoice, "quantity" | "reason" | "resolution">,
): boolean {
  return (
    entry.line.sku === line.sku &&
    (entry.line.size ?? null) === (line.size ?? null) &&
    entry.line.quantity === choice.quantity &&
    entry.reason === choice.reason &&
    entry.resolution === choice.resolution
  );
}

/**
 * Whether `estimate` is the API's answer for exactly `chosen`: the label's shares depend on
 * every chosen line, so an answer for another set of lines answers none of them.
 */
export function answersChoice(estimate: ReturnRequestEstimate, chosen: ChosenLine[]): boolean {
  return (
    estimate.lines.length === chosen.length &&
    chosen.every((choice) =>
      estimate.lines.some((entry) => answersLine(entry, choice.line, choice)),
    )
  );
}

/**
 * The line's refund in `estimate` (the API's answer for the whole choice: the label shared among
 * the chosen lines, fees waived by reason), or null when it has none for the line as chosen,
 * so a line never shows a figure the request would not carry.
 */
export function estimatedRefund(
  estimate: ReturnRequestEstimate | null,
  line: ReturnableLine,
  choice: LineChoice,
): Refund | null {
  const entry = estimate?.lines.find((candidate) => answersLine(candidate, line, choice));
  return entry?.refund ?? null;
}

/** A line's exchange in the estimate: the item and the difference the request would carry. */
export type EstimatedExchange = NonNullable<EstimateLine["exchange"]>;

/**
 * The line's exchange in `estimate` (the item and the difference the request would carry, bonus
 * included), or null when it has none for the line as chosen now, the item chosen included.
 */
export function estimatedExchange(
  estimate: ReturnRequestEstimate | null,
  line: ReturnableLine,
  choice: LineChoice,
): EstimatedExchange | null {
  const entry = estimate?.lines.find((candidate) => answersLine(candidate, line, choice));
  const exchange = entry?.exchange ?? null;
  const wanted = choice.exchangeSize.trim();
  if (exchange?.kind === "offer" && wanted && exchange.lines[0]?.sku !== wanted) return null;
  return exchange;
}

/** The lines chosen, each with what the request needs, or what is missing first. */
type Chosen =
  | { lines: ChosenLine[] }
  | { missing: "nothing" }
  | { missing: "reason" | "size"; line: ReturnableLine };

export function chosenLines(lines: ReturnableLine[], choices: Record<string, LineChoice>): Chosen {
  const picked = lines.filter((line) => choices[lineKey(line)]?.selected);
  if (picked.length === 0) return { missing: "nothing" };
  const result: ChosenLine[] = [];
  for (const line of picked) {
    const choice = choices[lineKey(line)] as LineChoice;
    if (!choice.reason) return { missing: "reason", line };
    const exchangeSize = choice.exchangeSize.trim();
    // With the shop's offers an exchange names one; without, it is like for like.
    if (choice.resolution === "EXCHANGE" && !exchangeSize && line.exchange_offers) {
      return { missing: "size", line };
    }
    result.push({ line, ...choice, exchangeSize: exchangeSize || null });
  }
  return { lines: result };
}

/** How many units are chosen, whether or not each line is complete yet. */
export function chosenCount(lines: ReturnableLine[], choices: Record<string, LineChoice>): number {
  return lines.reduce((sum, line) => {
    const choice = choices[lineKey(line)];
    return choice?.selected ? sum + choice.quantity : sum;
  }, 0);
}
