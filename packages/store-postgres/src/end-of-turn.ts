/**
 * @module end-of-turn — runs a task once at the end of the current turn of the event loop,
 * however often it is asked for during that turn: how the batchers gather what one turn
 * brings (commit-batcher.ts, read-batcher.ts) before sending it as one statement.
 */
export function atEndOfTurn(task: () => void): () => void {
  let scheduled = false;
  return () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      task();
    });
  };
}
