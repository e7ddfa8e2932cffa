/**
 * @module bench/support/collect-garbage — a full collection between measured phases, when
 * the runner exposes it (`--expose-gc`, as run-all starts every section): one phase's
 * garbage is then not paid for by the next phase's clock.
 */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
