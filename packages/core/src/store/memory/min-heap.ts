/**
 * @module store/memory/min-heap — a binary min-heap: push and pop in O(log n), peek in O(1).
 */
export class MinHeap<T> {
  private items: T[] = [];

  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const items = this.items;
    let index = items.push(item) - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.before(item, items[parent]!)) break;
      items[index] = items[parent]!;
      index = parent;
    }
    items[index] = item;
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last !== undefined) this.siftDown(0, last);
    return top;
  }

  /** Replaces the contents (in any order) and restores the heap order in O(n). */
  rebuild(items: T[]): void {
    this.items = items;
    for (let index = (items.length >> 1) - 1; index >= 0; index--) {
      this.siftDown(index, items[index]!);
    }
  }

  /** Puts `item` at `index` or below it, moving smaller children up. */
  private siftDown(start: number, item: T): void {
    const items = this.items;
    let index = start;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child = right < items.length && this.before(items[right]!, items[left]!) ? right : left;
      if (!this.before(items[child]!, item)) break;
      items[index] = items[child]!;
      index = child;
    }
    items[index] = item;
  }
}
