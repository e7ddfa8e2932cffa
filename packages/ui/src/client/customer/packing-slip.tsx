/**
 * @module client/customer/packing-slip — one request's packing slip, to print and put in the
 * parcel: the RMA number as text and as a QR code (drawn by the mount, `{base}/qr.svg`, so this
 * page carries no QR encoder), the order, the items with their quantities, and where the
 * parcel goes. With a carrier's label, its tracking number and the drop-off code of a paperless
 * one (the carrier's own image). Shown alone (`?slip=rrq_…`): no header or navigation, and its print styles
 * fill an A4 page.
 */
import { useEffect, useState } from "preact/hooks";
import { apiPaths } from "../api-paths";
import type { Return, ReturnRequest } from "../api-schemas";
import { describeProblem } from "../problems";
import { usePage } from "../shared/context";
import { parcelLabel } from "../shared/parcel-words";
import { Notice } from "../shared/parts";
import { itemName, orderNumberOf, productLine } from "../shared/product";
import { useReturnPolicy } from "../shared/use-return-policy";
import { AddressBlock, addressFor, MethodInstructions } from "./send-back";

export function PackingSlip({ requestId }: { requestId: string }) {
  const { api, config, i18n } = usePage();
  const Main = config.embedded ? "div" : "main";
  const policy = useReturnPolicy();
  const [request, setRequest] = useState<ReturnRequest | null>(null);
  const [error, setError] = useState("");
  useEffect(() => {
    api
      .get<ReturnRequest>(apiPaths.portalReturnRequest(requestId))
      .then(setRequest, (problem) => setError(describeProblem(problem, i18n)));
  }, [requestId]);

  const back = new URL(location.href);
  back.searchParams.delete("slip");
  if (request) back.searchParams.set("order", request.order_id);
  const actions = (
    <p class="rk-slip-actions">
      <button type="button" class="rk-button rk-primary" onClick={() => print()}>
        {i18n.t("slip.print")}
      </button>
      <a href={back.toString()}>{i18n.t("slip.back")}</a>
    </p>
  );
  if (!request || !policy) {
    return (
      <Main class="rk-slip">
        {error ? <Notice kind="error">{error}</Notice> : <p>{i18n.t("app.loading")}</p>}
      </Main>
    );
  }
  const address = addressFor(request, policy);
  const shop = config.brand.name;
  return (
    <Main class="rk-slip" data-request-id={request.id}>
      {actions}
      <h1>{shop ? `${i18n.t("slip.title")} · ${shop}` : i18n.t("slip.title")}</h1>
      <div class="rk-slip-code">
        <img
          src={`${config.base}/qr.svg?rma=${encodeURIComponent(request.rma ?? "")}`}
          width={160}
          height={160}
          alt={i18n.t("slip.qrAlt", { rma: request.rma ?? "" })}
        />
        <dl class="rk-ids">
          <dt>{i18n.t("send.rma")}</dt>
          <dd class="rk-rma" data-testid="slip-rma">
            {request.rma}
          </dd>
          <dt>{i18n.t("slip.order")}</dt>
          <dd data-testid="slip-order">{orderNumberOf(request.returns, request.order_id)}</dd>
          <dt>{i18n.t("send.requestId")}</dt>
          <dd>{request.id}</dd>
        </dl>
        <SlipLabel returns={request.returns} />
      </div>
      <h2>{i18n.t("slip.items")}</h2>
      <table class="rk-slip-lines">
        <thead>
          <tr>
            <th scope="col">{i18n.t("slip.item")}</th>
            <th scope="col">{i18n.t("slip.quantity")}</th>
          </tr>
        </thead>
        <tbody>
          {request.returns
            .filter((one) => one.state !== "cancelled" && one.state !== "rejected")
            .map((one) => (
              <tr key={one.id}>
                <td>
                  <SlipItem line={productLine(one)} />
                </td>
                <td>{one.line.quantity}</td>
              </tr>
            ))}
        </tbody>
      </table>
      <h2>{i18n.t(address ? "slip.sendTo" : "slip.howToSend")}</h2>
      {address ? <AddressBlock address={address} /> : null}
      {address ? null : <MethodInstructions request={request} policy={policy} />}
      <p class="rk-muted">{i18n.t("slip.enclose")}</p>
    </Main>
  );
}

/** An item by name and variant; the SKU beneath it, for the warehouse, when the name is not it. */
function SlipItem({ line }: { line: ReturnType<typeof productLine> }) {
  const name = itemName(line);
  return (
    <>
      {name}
      {line.product?.title ? <span class="rk-slip-sku">{line.sku}</span> : null}
    </>
  );
}

/** The carrier's label of the parcel: its tracking number, and the code a paperless one has. */
function SlipLabel({ returns }: { returns: readonly Return[] }) {
  const { i18n } = usePage();
  const label = parcelLabel(returns);
  if (label?.status !== "created" || !label.tracking_number) return null;
  const tracking = label.tracking_number;
  return (
    <div class="rk-slip-label">
      {label.qr_code_url ? (
        <img
          src={label.qr_code_url}
          width={160}
          height={160}
          alt={i18n.t("slip.labelQrAlt", { tracking })}
        />
      ) : null}
      <dl class="rk-ids">
        <dt>{i18n.t("parcel.carrier")}</dt>
        <dd>{label.service ?? label.carrier}</dd>
        <dt>{i18n.t("parcel.trackingNumber")}</dt>
        <dd data-testid="slip-tracking">{tracking}</dd>
      </dl>
    </div>
  );
}
