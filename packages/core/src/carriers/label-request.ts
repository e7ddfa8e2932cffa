/**
 * @module carriers/label-request — what every adapter checks of a `LabelRequest` before it
 * sends anything: a refusal here costs no call to the provider.
 */

import type { CarrierAddress, CarrierMoney, LabelRequest } from "./carrier";
import { CarrierError } from "./carrier-error";

const COUNTRY = /^[A-Z]{2}$/;
const CURRENCY = /^[A-Z]{3}$/;

function positiveInt(value: unknown): boolean {
  return Number.isInteger(value) && (value as number) > 0;
}

function text(value: unknown): boolean {
  return typeof value === "string" && value.trim() !== "";
}

function addressIssues(address: CarrierAddress | undefined, field: string): string[] {
  if (address === undefined || address === null) return [`${field} is required`];
  const issues: string[] = [];
  for (const key of ["name", "street1", "city", "postal_code"] as const) {
    if (!text(address[key])) issues.push(`${field}.${key} is required`);
  }
  if (!COUNTRY.test(String(address.country)))
    issues.push(`${field}.country is not ISO 3166-1 alpha-2`);
  return issues;
}

function moneyIssues(money: CarrierMoney | undefined, field: string): string[] {
  if (money === undefined || money === null) return [`${field} is required`];
  const issues: string[] = [];
  if (!Number.isInteger(money.amount) || money.amount < 0)
    issues.push(`${field}.amount is not a whole number of minor units`);
  if (!CURRENCY.test(String(money.currency))) issues.push(`${field}.currency is not ISO 4217`);
  return issues;
}

/** Every problem with `request`, as short sentences; empty when it can be sent. */
export function labelRequestIssues(request: LabelRequest): string[] {
  const issues = [
    ...(text(request.reference) ? [] : ["reference is required"]),
    ...(text(request.idempotency_key) ? [] : ["idempotency_key is required"]),
    ...addressIssues(request.from, "from"),
    ...addressIssues(request.to, "to"),
  ];
  const parcels = Array.isArray(request.parcels) ? request.parcels : [];
  if (parcels.length === 0) issues.push("parcels needs at least one parcel");
  parcels.forEach((parcel, i) => {
    if (!positiveInt(parcel.weight_grams))
      issues.push(`parcels[${i}].weight_grams is not a positive whole number`);
  });
  const items = Array.isArray(request.items) ? request.items : [];
  items.forEach((item, i) => {
    if (!text(item.description)) issues.push(`items[${i}].description is required`);
    if (!positiveInt(item.quantity))
      issues.push(`items[${i}].quantity is not a positive whole number`);
    issues.push(...moneyIssues(item.value, `items[${i}].value`));
  });
  if (typeof request.paperless !== "boolean") issues.push("paperless is not a boolean");
  return issues;
}

/** Rejects with `invalid_request` naming every problem, or returns nothing. */
export function assertLabelRequest(request: LabelRequest): void {
  const issues = labelRequestIssues(request);
  if (issues.length > 0)
    throw new CarrierError("invalid_request", `Invalid label request: ${issues.join("; ")}.`);
}
