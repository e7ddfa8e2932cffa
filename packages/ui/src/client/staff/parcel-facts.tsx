/**
 * @module client/staff/parcel-facts — a return's parcel for the back office, as entries of the
 * return's facts: the label (status in words, carrier, tracking number linked, what it cost
 * beside the fee the return bears, why it failed or needs staff, the label it replaced and
 * whether that one is voided) and the carrier's scans.
 */
import type { Return } from "../api-schemas";
import type { I18n } from "../i18n";
import { labelCostWords, labelStatusWords, scanWords } from "../shared/parcel-words";

/** The label and the scans of `record`'s parcel: nothing when neither exists. */
export function ParcelFacts({ record, i18n }: { record: Return; i18n: I18n }) {
  const { label, tracking } = record;
  return (
    <>
      {label ? (
        <>
          <dt>{i18n.t("label.heading")}</dt>
          <dd data-testid="label">
            <LabelSummary label={label} i18n={i18n} />
            {label.reason && (label.status === "failed" || label.status === "needs_staff") ? (
              <div class="rk-field-error" data-testid="label-reason">
                {label.reason}
              </div>
            ) : null}
            <LabelCost record={record} i18n={i18n} />
            {label.replaces ? (
              <div class="rk-muted" data-testid="label-replaces">
                {i18n.t("label.replaces", {
                  tracking: label.replaces.tracking_number ?? label.replaces.shipment_id,
                  status: labelStatusWords(
                    i18n,
                    label.replaces.void_status === "pending"
                      ? "void_pending"
                      : label.replaces.void_status,
                  ),
                })}
              </div>
            ) : null}
          </dd>
        </>
      ) : null}
      {tracking && tracking.events.length > 0 ? (
        <>
          <dt>{i18n.t("label.scans")}</dt>
          <dd>
            <ol class="rk-scans" data-testid="scans">
              {tracking.events.map((scan) => (
                <li key={scan.provider_event_id}>{scanWords(i18n, scan)}</li>
              ))}
            </ol>
          </dd>
        </>
      ) : null}
    </>
  );
}

type Label = NonNullable<Return["label"]>;

/** "Created · USPS GroundAdvantage · 9400…", the tracking number linked to the carrier's page. */
function LabelSummary({ label, i18n }: { label: Label; i18n: I18n }) {
  const tracking = label.tracking_number;
  return (
    <>
      {labelStatusWords(i18n, label.status)} · {label.service ?? label.carrier}
      {tracking ? " · " : null}
      {tracking && label.tracking_url ? (
        <a href={label.tracking_url} rel="noopener noreferrer" target="_blank">
          {tracking}
        </a>
      ) : (
        tracking
      )}
    </>
  );
}

function LabelCost({ record, i18n }: { record: Return; i18n: I18n }) {
  const words = record.label ? labelCostWords(i18n, record.label, record.refund) : null;
  return words ? (
    <div class="rk-muted" data-testid="label-cost">
      {words}
    </div>
  ) : null;
}
