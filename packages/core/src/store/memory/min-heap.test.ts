import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MinHeap } from "./min-heap";

const ascending = (a: number, b: number) => a < b;

function drain(heap: MinHeap<number>): number[] {
  const out: number[] = [];
  while (heap.size > 0) out.push(heap.pop()!);
  return out;
}

describe("MinHeap", () => {
  it("pop - returns pushed items smallest first, whatever the order they came in", () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), (values) => {
        const heap = new MinHeap(ascending);
        for (const value of values) heap.push(value);

        expect(heap.peek()).toBe(values.length ? Math.min(...values) : undefined);
        expect(drain(heap)).toEqual([...values].sort((a, b) => a - b));
      }),
    );
  });

  it("push/pop - stays ordered when pushes and pops interleave", () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer(), { nil: undefined })), (steps) => {
        const heap = new MinHeap(ascending);
        const model: number[] = [];
        for (const step of steps) {
          if (step === undefined) {
            model.sort((a, b) => a - b);
            expect(heap.pop()).toBe(model.shift());
          } else {
            heap.push(step);
            model.push(step);
          }
          expect(heap.size).toBe(model.length);
        }
      }),
    );
  });

  it("rebuild - orders items given in any order", () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), (values) => {
        const heap = new MinHeap(ascending);
        heap.push(42);
        heap.rebuild([...values]);

        expect(drain(heap)).toEqual([...values].sort((a, b) => a - b));
      }),
    );
  });
});
