/** @module util/within — a check bounded in time: a probe must never hang on a stuck store. */

export type Bounded<T> =
  | { ok: true; value: T }
  | { ok: false; reason: "timeout" }
  | { ok: false; reason: "error"; error: unknown };

/** Settles with `work`'s value, its failure, or a timeout after `ms`; never rejects. */
export async function within<T>(ms: number, work: () => Promise<T>): Promise<Bounded<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Bounded<T>>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, reason: "timeout" }), ms);
  });
  const settled = (async (): Promise<Bounded<T>> => {
    try {
      return { ok: true, value: await work() };
    } catch (error) {
      return { ok: false, reason: "error", error };
    }
  })();
  try {
    return await Promise.race([settled, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
