/**
 * @module client/staff/use-pages — a list of the merchant API read a page at a time: the first
 * page when the view opens, each next one when asked for (following the page's `_links.next`,
 * so the query and the cursor are the API's own), the entries kept in the order they came.
 */
import { useEffect, useState } from "preact/hooks";
import type { Link } from "../api-schemas";
import { describeProblem } from "../problems";
import { usePage } from "../shared/context";

/** What every list of the API answers: a page of entries, and a `next` link while there are more. */
interface ListPage {
  data: unknown[];
  _links: { [name: string]: Link };
}

export interface Pages<T> {
  /** Every entry of the pages read so far; null until the first page answers. */
  entries: T[] | null;
  /** Whether the API has a next page. */
  hasMore: boolean;
  /** Whether a page is being read (a second "more" waits for it). */
  reading: boolean;
  /** Reads the next page and adds its entries; nothing on the last page or while reading. */
  more(): Promise<void>;
  /** What the last read refused, in the page's language; "" if nothing. */
  error: string;
}

/** The pages of the list at `firstPage`, an API list of the type `P`. */
export function usePages<P extends ListPage>(firstPage: string): Pages<P["data"][number]> {
  type T = P["data"][number];
  const { api, i18n } = usePage();
  const [entries, setEntries] = useState<T[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState("");

  const read = async (target: string, kept: T[]) => {
    setReading(true);
    try {
      const page = await api.get<P>(target);
      setEntries([...kept, ...page.data]);
      setNext(page._links.next?.href ?? null);
      setError("");
    } catch (problem) {
      setError(describeProblem(problem, i18n));
    } finally {
      setReading(false);
    }
  };
  useEffect(() => {
    void read(firstPage, []);
  }, [firstPage]);

  const more = async () => {
    if (next && !reading) await read(next, entries ?? []);
  };
  return { entries, hasMore: next !== null, reading, more, error };
}
