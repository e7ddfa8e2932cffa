/**
 * @module client/customer/parcel-label — the carrier's label of a parcel as the customer uses
 * it: the label to print, or the drop-off code of a paperless one, the carrier and tracking
 * number linked to the carrier's page, and once the carrier scanned it the latest status in
 * words. While the label is bought: that it is being prepared.
 */
import type { Return } from "../api-schemas";
import { usePage } from "../shared/context";
import { customerTrackingWords, parcelLabel, parcelTracking } from "../shared/parcel-words";

/** An address of the carrier's, opened beside the shop's page. */
function CarrierLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} rel="noopener noreferrer" target="_blank">
      {children}
    </a>
  );
}

/** The label of `returns`' parcel (a request's returns, or one return alone); null without one. */
export function ParcelLabel({ returns }: { returns: readonly Return[] }) {
  const { i18n } = usePage();
  const label = parcelLabel(returns);
  if (!label) return null;
  if (label.status === "pending") {
    return <p class="rk-parcel-label">{i18n.t("parcel.pending")}</p>;
  }
  const tracking = label.tracking_number;
  const status = customerTrackingWords(i18n, parcelTracking(returns));
  return (
    <div class="rk-parcel-label" data-testid="parcel-label">
      {status ? (
        <p class="rk-parcel-status" data-testid="parcel-status">
          {status}
        </p>
      ) : null}
      {label.label_url ? (
        <p>
          <a
            class="rk-button rk-primary"
            href={label.label_url}
            rel="noopener noreferrer"
            target="_blank"
          >
            {i18n.t("parcel.printLabel")}
          </a>
        </p>
      ) : null}
      {label.qr_code_url ? (
        <figure class="rk-parcel-code">
          <img
            src={label.qr_code_url}
            width={160}
            height={160}
            alt={i18n.t("parcel.qrAlt", { tracking: tracking ?? "" })}
          />
          <figcaption>{i18n.t("parcel.qrHint")}</figcaption>
        </figure>
      ) : null}
      <dl class="rk-ids">
        <dt>{i18n.t("parcel.carrier")}</dt>
        <dd>{label.service ?? label.carrier}</dd>
        {tracking ? (
          <>
            <dt>{i18n.t("parcel.trackingNumber")}</dt>
            <dd data-testid="tracking-number">
              {label.tracking_url ? (
                <CarrierLink href={label.tracking_url}>{tracking}</CarrierLink>
              ) : (
                tracking
              )}
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

/** The latest scan of a return's parcel in words, where the send-back section does not say it. */
export function ParcelStatus({ record }: { record: Return }) {
  const { i18n } = usePage();
  const status = customerTrackingWords(i18n, record.tracking);
  return status ? <p class="rk-parcel-status">{status}</p> : null;
}
