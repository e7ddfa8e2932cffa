/**
 * @module client/staff/queue-filters — what narrows the queue besides its state: reason,
 * resolution, the days a return was made in, and parcels no scan moved. Each is a filter of the
 * merchant list API (`reason`, `resolution`, `created_from`, `created_to`, `stalled`), so a page
 * holds only what matches.
 */
import type { MessageKey } from "../messages/en";
import { usePage } from "../shared/context";
import { useReasons } from "../shared/use-reasons";

const RESOLUTIONS = ["REFUND", "STORE_CREDIT", "EXCHANGE"] as const;

export interface QueueFilter {
  reason: string;
  resolution: string;
  /** Days as a date input gives them (`YYYY-MM-DD`), both included; "" for unbounded. */
  from: string;
  to: string;
  /** Only returns whose label was bought long enough ago that a scan should have moved them. */
  stalled: boolean;
}

export const NO_FILTER: QueueFilter = {
  reason: "",
  resolution: "",
  from: "",
  to: "",
  stalled: false,
};

/** The list API's query for a filter: the days as instants of the page's own time zone. */
export function filterQuery(filter: QueueFilter) {
  const midnight = (day: string, plusDays = 0) => {
    const at = new Date(`${day}T00:00:00`);
    at.setDate(at.getDate() + plusDays);
    return at.toISOString();
  };
  return {
    reason: filter.reason || undefined,
    resolution: (filter.resolution || undefined) as (typeof RESOLUTIONS)[number] | undefined,
    created_from: filter.from ? midnight(filter.from) : undefined,
    // The last day is included: the window ends at the next day's midnight.
    created_to: filter.to ? midnight(filter.to, 1) : undefined,
    stalled: filter.stalled ? ("true" as const) : undefined,
  };
}

export function QueueFilters({
  filter,
  onChange,
}: {
  filter: QueueFilter;
  onChange(next: QueueFilter): void;
}) {
  const { i18n } = usePage();
  const { reasons, label } = useReasons();
  const set =
    (key: "reason" | "resolution" | "from" | "to") =>
    (event: { currentTarget: { value: string } }) =>
      onChange({ ...filter, [key]: event.currentTarget.value });
  return (
    <fieldset class="rk-filters">
      <legend>{i18n.t("staff.filters")}</legend>
      <label>
        {i18n.t("staff.column.reason")}
        <select value={filter.reason} onChange={set("reason")}>
          <option value="">{i18n.t("staff.filterAny")}</option>
          {reasons.map((reason) => (
            <option key={reason.code} value={reason.code}>
              {label(reason.code)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {i18n.t("staff.column.resolution")}
        <select value={filter.resolution} onChange={set("resolution")}>
          <option value="">{i18n.t("staff.filterAny")}</option>
          {RESOLUTIONS.map((resolution) => (
            <option key={resolution} value={resolution}>
              {i18n.t(`staff.resolution.${resolution}` as MessageKey)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {i18n.t("staff.filterFrom")}
        <input
          type="date"
          value={filter.from}
          max={filter.to || undefined}
          onChange={set("from")}
        />
      </label>
      <label>
        {i18n.t("staff.filterTo")}
        <input type="date" value={filter.to} min={filter.from || undefined} onChange={set("to")} />
      </label>
      <label class="rk-check">
        <input
          type="checkbox"
          checked={filter.stalled}
          onChange={(event) => onChange({ ...filter, stalled: event.currentTarget.checked })}
        />
        {i18n.t("staff.filter.stalled")}
      </label>
      <button type="button" class="rk-button" onClick={() => onChange(NO_FILTER)}>
        {i18n.t("staff.filterReset")}
      </button>
    </fieldset>
  );
}
