/**
 * @module read-batcher — reads by id asked for in the same turn of the event loop go to the
 * database together, as one statement.
 *
 * A write starts from the return as it stands, so when the service has not written that
 * return lately (a merchant approving what a customer submitted hours ago) every transition
 * reads it first. Under load those reads arrive together: a commit statement answers, and
 * its writers carry on in the same turn to their next returns. Read one by one, each takes
 * a connection and a round trip of its own, their answers come back scattered, and so do
 * the commits that follow, which then go in small batches (the commit batcher can only
 * gather what is waiting). Read together, the writers get their returns at once and their
 * commits again share a statement. The price for a lone read is the rest of its turn.
 */
import { atEndOfTurn } from "./end-of-turn";

export type LoadRows<Row> = (ids: string[]) => Promise<Map<string, Row>>;

interface Waiting<Row> {
  id: string;
  resolve(row: Row | null): void;
  reject(error: unknown): void;
}

export class ReadBatcher<Row> {
  readonly #load: LoadRows<Row>;
  readonly #maxSize: number;
  #queue: Waiting<Row>[] = [];
  readonly #schedule = atEndOfTurn(() => this.#flush());

  /** `load` reads the rows of several ids in one statement; ids it does not return are null. */
  constructor(load: LoadRows<Row>, maxSize = 256) {
    this.#load = load;
    this.#maxSize = maxSize;
  }

  /** The row of `id`, read with the other reads of this turn. */
  read(id: string): Promise<Row | null> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ id, resolve, reject });
      // A full batch has nothing to wait for.
      if (this.#queue.length >= this.#maxSize) this.#flush();
      else this.#schedule();
    });
  }

  #flush(): void {
    const batch = this.#queue;
    if (batch.length === 0) return;
    this.#queue = [];
    const ids = [...new Set(batch.map((waiting) => waiting.id))];
    this.#load(ids).then(
      (rows) => {
        // Two callers that asked for the same id never share one row: the second gets a copy,
        // as it would have from a read of its own.
        const handedOut = new Set<string>();
        for (const waiting of batch) {
          const row = rows.get(waiting.id) ?? null;
          const shared = row !== null && handedOut.has(waiting.id);
          handedOut.add(waiting.id);
          waiting.resolve(shared ? structuredClone(row) : row);
        }
      },
      (error: unknown) => {
        for (const waiting of batch) waiting.reject(error);
      },
    );
  }
}
