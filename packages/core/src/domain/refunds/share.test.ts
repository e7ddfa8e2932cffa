import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { shareRequestFee } from "./share";

const bearer = (amount: number, waived = false) => ({ amount, waived });

describe("shareRequestFee", () => {
  it("splits in proportion to what each return carries", () => {
    // 495 × 3600/5600 = 318.21…, 495 × 2000/5600 = 176.78…: the leftover unit goes to .78
    expect(shareRequestFee(495, [bearer(3600), bearer(2000)])).toEqual([318, 177]);
  });

  it("gives the leftover units to the largest remainders", () => {
    // 100 × 1/6 = 16.67, × 2/6 = 33.33, × 3/6 = 50
    expect(shareRequestFee(100, [bearer(100), bearer(200), bearer(300)])).toEqual([17, 33, 50]);
  });

  it("breaks equal remainders by the larger amount, then the earlier return", () => {
    // Equal amounts: 100 / 3 = 33 r 1 each; the first return takes the one unit left.
    expect(shareRequestFee(100, [bearer(500), bearer(500), bearer(500)])).toEqual([34, 33, 33]);
    // 7 × 2/4 = 3.5, 7 × 1/4 = 1.75 twice → 3, 1, 1 and 2 left: the two .75 get one each.
    expect(shareRequestFee(7, [bearer(2), bearer(1), bearer(1)])).toEqual([3, 2, 2]);
    // 3 among 2, 2, 1, 1 (of 6): 1, 1, .5, .5 → 1, 1, 0, 0 and 1 left; the tie of .5 goes to the earlier.
    expect(shareRequestFee(3, [bearer(2), bearer(2), bearer(1), bearer(1)])).toEqual([1, 1, 1, 0]);
  });

  it("gives a waived return nothing, and the others all of the fee", () => {
    expect(shareRequestFee(595, [bearer(1000), bearer(9000, true), bearer(1000)])).toEqual([
      298, 0, 297,
    ]);
  });

  it("charges no fee when every return is waived", () => {
    expect(shareRequestFee(595, [bearer(1000, true), bearer(2000, true)])).toEqual([0, 0]);
    expect(shareRequestFee(595, [])).toEqual([]);
  });

  it("splits equally when the bearers carry nothing", () => {
    expect(shareRequestFee(10, [bearer(0), bearer(0), bearer(0)])).toEqual([4, 3, 3]);
  });

  it("refuses a negative or fractional fee or amount", () => {
    expect(() => shareRequestFee(-1, [bearer(1)])).toThrow(ZodError);
    expect(() => shareRequestFee(4.95, [bearer(1)])).toThrow(ZodError);
    expect(() => shareRequestFee(1, [bearer(-5)])).toThrow(ZodError);
  });

  const requestArb = fc.record({
    fee: fc.integer({ min: 0, max: 1_000_000 }),
    returns: fc.array(
      fc.record({
        amount: fc.oneof(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 10 ** 9 })),
        waived: fc.boolean(),
      }),
      { maxLength: 12 },
    ),
  });

  it("adds up to the fee exactly, unless every return is waived (property)", () => {
    fc.assert(
      fc.property(requestArb, ({ fee, returns }) => {
        const shares = shareRequestFee(fee, returns);
        const sum = shares.reduce((total, share) => total + share, 0);
        const anyBearer = returns.some((r) => !r.waived);
        expect(sum).toBe(anyBearer ? fee : 0);
        shares.forEach((share, index) => {
          expect(Number.isInteger(share) && share >= 0).toBe(true);
          if (returns[index]?.waived) expect(share).toBe(0);
        });
      }),
    );
  });

  it("never puts more on a return than it carries when the fee fits (property)", () => {
    fc.assert(
      fc.property(requestArb, ({ fee, returns }) => {
        const carried = returns.filter((r) => !r.waived).reduce((t, r) => t + r.amount, 0);
        fc.pre(fee <= carried);
        shareRequestFee(fee, returns).forEach((share, index) => {
          expect(share).toBeLessThanOrEqual(returns[index]?.amount ?? 0);
        });
      }),
    );
  });

  it("stays within one unit of the exact proportional share (property)", () => {
    fc.assert(
      fc.property(requestArb, ({ fee, returns }) => {
        const carried = returns.filter((r) => !r.waived).reduce((t, r) => t + r.amount, 0);
        fc.pre(carried > 0);
        shareRequestFee(fee, returns).forEach((share, index) => {
          const r = returns[index];
          if (!r || r.waived) return;
          // share × carried within [fee × amount − carried, fee × amount + carried)
          const scaled = BigInt(share) * BigInt(carried);
          const exact = BigInt(fee) * BigInt(r.amount);
          expect(scaled > exact - BigInt(carried) && scaled < exact + BigInt(carried)).toBe(true);
        });
      }),
    );
  });
});
