/**
 * @module client/staff/customer-view — one customer, for their data rights: the returns held
 * for them (read from their export, every page), the export as a file, and erasure.
 */
import { useEffect, useState } from "preact/hooks";
import { describeProblem } from "../problems";
import { usePage } from "../shared/context";
import { Notice, StateBadge } from "../shared/parts";
import { itemName, productLine } from "../shared/product";
import { CustomerErasure } from "./customer-erasure";
import {
  type CustomerExport,
  exportFileName,
  readCustomerExport,
  saveAsFile,
} from "./customer-export";
import { BackLink, ViewLink } from "./view-link";

interface Props {
  id: string;
  onBack(): void;
  onOpenReturn(id: string): void;
}

export function CustomerView({ id, onBack, onOpenReturn }: Props) {
  const { api, i18n } = usePage();
  const [held, setHeld] = useState<CustomerExport | null>(null);
  const [reads, setReads] = useState(0);
  const [error, setError] = useState("");
  const [saved, setSaved] = useState("");
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    readCustomerExport(api, id)
      .then(setHeld)
      .catch((problem) => setError(describeProblem(problem, i18n)));
  }, [id, reads]);

  // Read afresh, so the file is the export as it is now, not as the list was read.
  const download = async () => {
    setSaving(true);
    setError("");
    try {
      const exported = await readCustomerExport(api, id);
      const file = exportFileName(id);
      saveAsFile(exported, file);
      const returns = i18n.count("count.returns", exported.returns.length);
      setSaved(i18n.t("staff.exportSaved", { file, returns }));
    } catch (problem) {
      setError(describeProblem(problem, i18n));
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <BackLink onBack={onBack} />
      <div class="rk-grid-2">
        <section class="rk-card" aria-labelledby="rk-customer-heading">
          <h2 id="rk-customer-heading">{i18n.t("staff.customerHeading", { id })}</h2>
          <h3>{i18n.t("staff.customerReturns")}</h3>
          {held === null && !error ? <p>{i18n.t("app.loading")}</p> : null}
          {held?.returns.length === 0 ? <p>{i18n.t("staff.customerNoReturns")}</p> : null}
          <ul class="rk-returns" data-testid="customer-returns">
            {(held?.returns ?? []).map((record) => (
              <li class="rk-return" key={record.id}>
                <ViewLink kind="return" id={record.id} onOpen={onOpenReturn} />{" "}
                <StateBadge state={record.state} />
                <span class="rk-secondary">
                  {record.order_line?.order_number ?? record.order_id} ·{" "}
                  {itemName(productLine(record))} × {record.line.quantity}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section class="rk-card" aria-labelledby="rk-customer-data-heading">
          <h2 id="rk-customer-data-heading">{i18n.t("staff.customerData")}</h2>
          <Notice kind="error">{error}</Notice>
          <p>{i18n.t("staff.exportExplained")}</p>
          <p>
            <button type="button" class="rk-button" disabled={saving} onClick={download}>
              {i18n.t("staff.downloadExport")}
            </button>
          </p>
          <Notice kind="ok">{saved}</Notice>
          <h3>{i18n.t("staff.erase")}</h3>
          <CustomerErasure customerId={id} onCompleted={() => setReads((count) => count + 1)} />
        </section>
      </div>
    </>
  );
}
