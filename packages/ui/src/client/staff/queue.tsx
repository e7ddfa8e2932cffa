/**
 * @module client/staff/queue — returns by state with counts, narrowed by reason, resolution
 * and date, searchable by order or customer; one row per parcel (see queue-rows).
 */
import { useEffect, useState } from "preact/hooks";
import { apiPaths } from "../api-paths";
import type { Return, ReturnList } from "../api-schemas";
import { codeLabel } from "../codes";
import { describeProblem } from "../problems";
import { usePage } from "../shared/context";
import { Notice } from "../shared/parts";
import { filterQuery, NO_FILTER, type QueueFilter, QueueFilters } from "./queue-filters";
import { type QueueRow, queueRows } from "./queue-rows";
import { QueueTable } from "./queue-table";

const STATES = [
  "submitted",
  "flagged",
  "approved",
  "in_transit",
  "received",
  "graded",
  "closed",
  "rejected",
  "cancelled",
  "draft",
] as const;
const PAGE_SIZE = 100;

/** Whether a loaded return is the customer or order searched for (number, name, email or id). */
function matchesSearch(record: Return, term: string): boolean {
  const wanted = term.toLowerCase();
  const { order_number = null, customer = null } = record.order_line ?? {};
  return [record.customer_id, record.order_id, order_number, customer?.name, customer?.email].some(
    (value) => value?.toLowerCase() === wanted,
  );
}

export function Queue({ onOpen }: { onOpen(row: QueueRow): void }) {
  const { api, i18n } = usePage();
  const [state, setState] = useState<string>("submitted");
  const [filter, setFilter] = useState<QueueFilter>(NO_FILTER);
  const [pages, setPages] = useState<Record<string, ReturnList>>({});
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<Return[] | null>(null);
  const [error, setError] = useState("");

  useEffect(() => {
    setPages({});
    setError("");
    const narrowed = filterQuery(filter);
    Promise.all(
      STATES.map((s) =>
        api.get<ReturnList>(apiPaths.merchantReturns({ ...narrowed, state: s, limit: PAGE_SIZE })),
      ),
    )
      .then((answers) =>
        setPages(Object.fromEntries(STATES.map((s, i) => [s, answers[i] as ReturnList]))),
      )
      .catch((problem) => setError(describeProblem(problem, i18n)));
  }, [filter]);

  const search = async (event: Event) => {
    event.preventDefault();
    const term = query.trim();
    if (!term) return setFound(null);
    try {
      const byOrder = await api.get<ReturnList>(
        apiPaths.merchantReturns({ order_id: term, limit: PAGE_SIZE }),
      );
      // The list filters by order id; numbers and customers are matched among the returns loaded.
      const loaded = Object.values(pages)
        .flatMap((page) => page.data)
        .filter((record) => matchesSearch(record, term));
      const seen = new Set(byOrder.data.map((record) => record.id));
      setFound([...byOrder.data, ...loaded.filter((record) => !seen.has(record.id))]);
    } catch (problem) {
      setError(describeProblem(problem, i18n));
    }
  };

  const count = (s: string) => {
    const page = pages[s];
    if (!page) return "…";
    return page.next_cursor ? `${page.data.length}+` : String(page.data.length);
  };
  const rows = queueRows(found ?? pages[state]?.data ?? []);
  return (
    <section class="rk-card" aria-labelledby="rk-queue-heading">
      <h2 id="rk-queue-heading">{i18n.t("staff.queue")}</h2>
      <form class="rk-inline" onSubmit={search}>
        <label for="rk-search" class="rk-visually-hidden">
          {i18n.t("staff.search")}
        </label>
        <input
          id="rk-search"
          type="search"
          placeholder={i18n.t("staff.search")}
          value={query}
          onInput={(event) => setQuery(event.currentTarget.value)}
        />
        <button type="submit" class="rk-button">
          {i18n.t("staff.searchButton")}
        </button>
        {found ? (
          <button
            type="button"
            class="rk-button"
            onClick={() => {
              setFound(null);
              setQuery("");
            }}
          >
            {i18n.t("staff.clear")}
          </button>
        ) : null}
      </form>
      <QueueFilters filter={filter} onChange={setFilter} />
      <h3 class="rk-visually-hidden">{i18n.t("staff.states")}</h3>
      <ul class="rk-tabs" aria-label={i18n.t("staff.states")}>
        {STATES.map((s) => (
          <li key={s}>
            <button
              type="button"
              aria-pressed={!found && state === s}
              onClick={() => {
                setFound(null);
                setState(s);
              }}
            >
              {codeLabel(i18n, "state", s)} <span data-count={s}>({count(s)})</span>
            </button>
          </li>
        ))}
      </ul>
      <Notice kind="error">{error}</Notice>
      {rows.length === 0 ? (
        <p>{i18n.t("staff.empty")}</p>
      ) : (
        <QueueTable rows={rows} onOpen={onOpen} />
      )}
    </section>
  );
}
