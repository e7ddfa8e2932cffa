/**
 * @module client/staff/use-resource — one resource of the merchant API on a detail page: read
 * when the page opens (and again for another path), and read again after each action on it.
 */
import { useEffect, useState } from "preact/hooks";
import { describeProblem } from "../problems";
import { usePage } from "../shared/context";

interface Resource<T> {
  /** The resource as last read; null until the first read answers. */
  value: T | null;
  /** What the last read or action refused, in the page's language; "" if nothing. */
  error: string;
  /** What the last action did; "" if nothing. */
  done: string;
  /** How many actions have ended: a key for parts that must read again after one. */
  actions: number;
  /** Reports an action's outcome, then reads the resource again. */
  after(message: string, ok: boolean): Promise<void>;
}

export function useResource<T>(path: string): Resource<T> {
  const { api, i18n } = usePage();
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  const [actions, setActions] = useState(0);
  const load = () =>
    api
      .get<T>(path)
      .then(setValue)
      .catch((problem) => setError(describeProblem(problem, i18n)));
  useEffect(() => {
    void load();
  }, [path]);
  const after = async (message: string, ok: boolean) => {
    setDone(ok ? message : "");
    setError(ok ? "" : message);
    await load();
    setActions((count) => count + 1);
  };
  return { value, error, done, actions, after };
}
