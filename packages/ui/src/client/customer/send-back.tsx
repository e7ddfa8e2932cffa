/**
 * @module client/customer/send-back — what a customer does with a request's parcel: its RMA
 * number beside the request id from submission on, and once the shop has approved it (at once
 * when the shop approves by policy) the instructions of its return method, the address and the
 * packing slip to print, and the carrier's label where the shop buys one. A request is one
 * parcel.
 */
import type { ReturnAddress, ReturnPolicy, ReturnRequest } from "../api-schemas";
import { usePage } from "../shared/context";
import { ParcelLabel } from "./parcel-label";

/** The states in which the parcel is to be sent, or is on its way: the slip stays at hand. */
export const SENDABLE: ReadonlySet<string> = new Set(["approved", "in_transit"]);

/** The address a request's parcel goes to, when its method has one. */
export function addressFor(request: ReturnRequest, policy: ReturnPolicy): ReturnAddress | null {
  const details = policy.return_method_details;
  if (request.return_method === "by_mail") return details.by_mail?.address ?? null;
  if (request.return_method === "drop_off") {
    return details.drop_off?.address ?? details.by_mail?.address ?? null;
  }
  return null;
}

/** The link to the request's packing slip: the same page, showing the slip alone. */
function slipHref(requestId: string): string {
  const url = new URL(location.href);
  url.search = "";
  url.hash = "";
  url.searchParams.set("slip", requestId);
  return url.toString();
}

export function AddressBlock({ address }: { address: ReturnAddress }) {
  const { i18n } = usePage();
  const country = new Intl.DisplayNames([i18n.locale], { type: "region" }).of(address.country);
  return (
    <address class="rk-address">
      {[address.name, ...address.lines, `${address.postcode} ${address.city}`, country].map(
        (line) => (
          <span key={line}>{line}</span>
        ),
      )}
    </address>
  );
}

/** The instructions of the request's method, in the page's words and then the shop's. */
export function MethodInstructions({
  request,
  policy,
}: {
  request: ReturnRequest;
  policy: ReturnPolicy;
}) {
  const { i18n } = usePage();
  const details = policy.return_method_details;
  const address = addressFor(request, policy);
  const method = request.return_method;
  const shopWords = details[method]?.instructions;
  const dropOff = method === "drop_off" ? details.drop_off : undefined;
  const stores = method === "in_store" ? (details.in_store?.locations ?? []) : [];
  return (
    <div class="rk-instructions">
      <p>{i18n.t(method === "by_mail" && !address ? "send.by_mailNoAddress" : `send.${method}`)}</p>
      {address ? <AddressBlock address={address} /> : null}
      {dropOff?.carrier ? <p>{i18n.t("send.carrier", { carrier: dropOff.carrier })}</p> : null}
      {dropOff?.locator_url ? (
        <p>
          <a href={dropOff.locator_url} rel="noopener noreferrer" target="_blank">
            {i18n.t("send.findPoint")}
          </a>
        </p>
      ) : null}
      {stores.length > 0 ? (
        <ul class="rk-stores">
          {stores.map((store) => (
            <li key={store}>{store}</li>
          ))}
        </ul>
      ) : null}
      {shopWords ? <p class="rk-shop-words">{shopWords}</p> : null}
    </div>
  );
}

export function SendBack({
  request,
  policy,
}: {
  request: ReturnRequest;
  policy: ReturnPolicy | null;
}) {
  const { i18n } = usePage();
  if (!request.rma || request.returns.every((one) => one.state === "draft")) return null;
  const sendable = request.returns.some((one) => SENDABLE.has(one.state));
  const waiting = request.returns.some((one) => one.state === "submitted");
  if (!sendable && !waiting) return null;
  return (
    <section class="rk-send-back" aria-labelledby={`rk-send-${request.id}`}>
      <h4 id={`rk-send-${request.id}`}>{i18n.t("send.heading")}</h4>
      <dl class="rk-ids">
        <dt>{i18n.t("send.rma")}</dt>
        <dd class="rk-rma" data-testid="rma">
          {request.rma}
        </dd>
        <dt>{i18n.t("send.requestId")}</dt>
        <dd class="rk-muted">{request.id}</dd>
      </dl>
      {!sendable ? <p>{i18n.t("send.awaitingApproval")}</p> : null}
      {sendable && policy ? (
        <>
          <MethodInstructions request={request} policy={policy} />
          <ParcelLabel returns={request.returns} />
          <p class="rk-slip-link">
            <a class="rk-button" href={slipHref(request.id)}>
              {i18n.t("send.printSlip")}
            </a>
          </p>
        </>
      ) : null}
    </section>
  );
}
