/** @module client/staff/queue — returns by state with counts, searchable by order or customer. */
import { useEffect, useState } from "preact/hooks";
import { apiPaths } from "../api-paths";
import type { Return, ReturnList } from "../api-schemas";
import { codeLabel } from "../codes";
import type { MessageKey } from "../messages/en";
import { describeProblem } from "../problems";
import { usePage } from "../shared/context";
import { Notice, StateBadge } from "../shared/parts";
import { useReasons } from "../shared/use-reasons";

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

export function Queue({ onOpen }: { onOpen(id: string): void }) {
  const { api, i18n } = usePage();
  const [state, setState] = useState<string>("submitted");
  const [pages, setPages] = useState<Record<string, ReturnList>>({});
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<Return[] | null>(null);
  const [error, setError] = useState("");

  useEffect(() => {
    Promise.all(
      STATES.map((s) =>
        api.get<ReturnList>(apiPaths.merchantReturns({ state: s, limit: PAGE_SIZE })),
      ),
    )
      .then((answers) =>
        setPages(Object.fromEntries(STATES.map((s, i) => [s, answers[i] as ReturnList]))),
      )
      .catch((problem) => setError(describeProblem(problem, i18n)));
  }, []);

  const search = async (event: Event) => {
    event.preventDefault();
    const term = query.trim();
    if (!term) return setFound(null);
    try {
      const byOrder = await api.get<ReturnList>(
        apiPaths.merchantReturns({ order_id: term, limit: PAGE_SIZE }),
      );
      // The list filters by order; customers are matched among the returns loaded per state.
      const byCustomer = Object.values(pages)
        .flatMap((page) => page.data)
        .filter((record) => record.customer_id === term);
      const seen = new Set(byOrder.data.map((record) => record.id));
      setFound([...byOrder.data, ...byCustomer.filter((record) => !seen.has(record.id))]);
    } catch (problem) {
      setError(describeProblem(problem, i18n));
    }
  };

  const count = (s: string) => {
    const page = pages[s];
    if (!page) return "…";
    return page.next_cursor ? `${page.data.length}+` : String(page.data.length);
  };
  const rows = found ?? pages[state]?.data ?? [];
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

function QueueTable({ rows, onOpen }: { rows: Return[]; onOpen(id: string): void }) {
  const { i18n } = usePage();
  const { label } = useReasons();
  const columns: MessageKey[] = [
    "staff.column.return",
    "staff.column.order",
    "staff.column.customer",
    "staff.column.item",
    "staff.column.reason",
    "staff.column.state",
    "staff.column.updated",
  ];
  return (
    <div class="rk-table-wrap">
      <table class="rk-table">
        <thead>
          <tr>
            {columns.map((key) => (
              <th scope="col">{i18n.t(key)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((record) => (
            <tr key={record.id}>
              <td>
                <a
                  href={`?return=${encodeURIComponent(record.id)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    onOpen(record.id);
                  }}
                >
                  {record.id}
                </a>
              </td>
              <td>{record.order_id}</td>
              <td>{record.customer_id}</td>
              <td>
                {record.line.sku}
                {record.line.size ? ` (${record.line.size})` : ""} × {record.line.quantity}
              </td>
              <td>{label(record.reason)}</td>
              <td>
                <StateBadge state={record.state} />
              </td>
              <td>
                <time dateTime={record.updated_at}>{i18n.dateTime(record.updated_at)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
