/**
 * @module guests/guest-lookup — finds the order a guest names by its number and the email or
 * postcode it was placed with. Found, or not: a wrong pair and an unknown number do the same
 * work (a digest of each side and a comparison in constant time) and answer the same null,
 * so neither the answer nor the time it takes tells that a number exists. Only the host's own
 * lookup may take longer for an order it has; that is its database's time, not ours.
 */
import type { Principal } from "../domain/principal";
import { callHost, invalidAnswer } from "../returns/orders/host-answers";
import { OrderSchema, orderIssues } from "../returns/orders/order-schema";
import type { OrderSource } from "../returns/orders/types";

/** What a guest gives: the order number, and its email or its postcode. */
export type GuestClaim =
  | { order_number: string; email: string; postcode?: undefined }
  | { order_number: string; postcode: string; email?: undefined };

/** Who the lookup calls `orders.load` as, without `findByNumber`: nobody yet. */
const NOBODY: Principal = { kind: "portal", id: "", scopes: [] };

/** Emails compare trimmed and in lower case. */
function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Postcodes compare without spaces and in upper case ("sw1a 1aa" is "SW1A1AA"). */
function normalisePostcode(postcode: string): string {
  return postcode.replace(/\s+/g, "").toUpperCase();
}

/** The order `claim` names, or null for an unknown number and a wrong pair alike. */
export async function findGuestOrder(
  source: OrderSource,
  claim: GuestClaim,
): Promise<{ order_id: string; customer_id: string } | null> {
  const number = claim.order_number.trim();
  const answer = await callHost(() =>
    source.findByNumber ? source.findByNumber(number) : source.load(number, { principal: NOBODY }),
  );
  const customer = field(answer, "customer");
  const given =
    claim.email !== undefined ? normaliseEmail(claim.email) : normalisePostcode(claim.postcode);
  const raw = claim.email !== undefined ? field(customer, "email") : field(customer, "postcode");
  const known =
    typeof raw === "string" && raw.trim() !== ""
      ? claim.email !== undefined
        ? normaliseEmail(raw)
        : normalisePostcode(raw)
      : null;
  // Compared even with nothing to compare against, so a miss costs what a wrong pair does.
  const same = await equalInConstantTime(given, known ?? given.replace(/./gsu, "\0"));
  if (!same || known === null) return null;
  // Only the guest who named it reaches here: the order is checked as any answer is.
  const parsed = OrderSchema.safeParse(answer);
  if (!parsed.success) {
    invalidAnswer(
      `orders lookup of number ${JSON.stringify(number)} answered something that is not an order: ${orderIssues(parsed.error)}`,
    );
  }
  return { order_id: parsed.data.id, customer_id: parsed.data.customer_id };
}

function field(value: unknown, name: string): unknown {
  return typeof value === "object" && value !== null
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

/** Whether `a` and `b` are equal, comparing fixed-size digests so neither length nor content shows. */
async function equalInConstantTime(a: string, b: string): Promise<boolean> {
  const encoder = new TextEncoder();
  const [left, right] = await Promise.all([
    crypto.subtle.digest("SHA-256", encoder.encode(a)),
    crypto.subtle.digest("SHA-256", encoder.encode(b)),
  ]);
  const x = new Uint8Array(left);
  const y = new Uint8Array(right);
  let difference = 0;
  for (let i = 0; i < x.length; i++) difference |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return difference === 0;
}
