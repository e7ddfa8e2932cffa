/**
 * fast-check generators shared by the refund tests: policies, lines and requests in a few
 * currencies of different exponents. Test-only (imported by `*.test.ts`, never by the module).
 */
import fc from "fast-check";
import type { RefundLineInput } from "./compute";
import { REFUND_CONDITIONS, REFUND_RESOLUTIONS, type RefundPolicyInput } from "./policy";

const CURRENCIES = ["EUR", "USD", "JPY", "KWD", "BHD", "CLP"] as const;
const REASONS = ["TOO_SMALL", "DAMAGED", "CHANGED_MIND", "WRONG_ITEM"] as const;

/** 0 to 100 in hundredths, fractions included (12.5, 33.33). */
const percentArb = fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100);

const feeByCurrencyArb = fc.dictionary(
  fc.constantFrom(...CURRENCIES),
  fc.integer({ min: 0, max: 100_000 }),
);

export const policyArb: fc.Arbitrary<RefundPolicyInput> = fc.record({
  restocking_fee: fc.record({
    percent: percentArb,
    waived_for_reasons: fc.subarray([...REASONS]),
    waived_for_resolutions: fc.subarray([...REFUND_RESOLUTIONS]),
  }),
  return_shipping_fee: fc.record({
    amount: feeByCurrencyArb,
    waived_for_reasons: fc.subarray([...REASONS]),
  }),
  store_credit_bonus_percent: percentArb,
  condition_deductions: fc.record(
    Object.fromEntries(REFUND_CONDITIONS.map((condition) => [condition, percentArb])),
    { requiredKeys: [] },
  ),
});

export const lineArb: fc.Arbitrary<RefundLineInput> = fc
  .record({
    unit_price: fc.oneof(
      fc.integer({ min: 0, max: 1_000 }),
      fc.integer({ min: 0, max: 10_000_000 }),
    ),
    quantity: fc.integer({ min: 1, max: 20 }),
    accepted_share: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    reason: fc.constantFrom(...REASONS),
    resolution: fc.constantFrom(...REFUND_RESOLUTIONS),
    condition: fc.option(fc.constantFrom(...REFUND_CONDITIONS), { nil: undefined }),
  })
  .map(({ accepted_share, ...line }) => ({
    ...line,
    accepted_quantity:
      accepted_share === undefined ? undefined : Math.floor(accepted_share * line.quantity),
  }));

export const currencyArb = fc.constantFrom(...CURRENCIES);
export const statusArb = fc.constantFrom("estimate" as const, "final" as const);
