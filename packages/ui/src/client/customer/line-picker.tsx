/** @module client/customer/line-picker — one line of the order: take it or not, and how. */

import type { Reason, ReturnableLine } from "../api-schemas";
import type { MessageKey } from "../messages/en";
import type { CurrencyUnit } from "../money";
import { usePage } from "../shared/context";
import { type LineChoice, lineRefund, maxQuantity, offersField, resolutionsOf } from "./choice";
import { ReasonChoice } from "./reason-choice";
import { nextPick, type ReasonPick, reasonOf } from "./reason-steps";

interface Props {
  line: ReturnableLine;
  index: number;
  /** What the order's amounts are counted in; null when they cannot be. */
  unit: CurrencyUnit | null;
  reasons: Reason[];
  choice: LineChoice;
  onChange(next: LineChoice): void;
}

export function itemName(line: { sku: string; size?: string | null }): string {
  return line.size ? `${line.sku} (${line.size})` : line.sku;
}

function refusalKey(line: ReturnableLine): MessageKey {
  if (line.final_sale || line.refusal?.endsWith("not-returnable"))
    return "line.notReturnable.final";
  if (line.refusal?.endsWith("return-window-closed")) return "line.notReturnable.window";
  if (line.returnable_quantity === 0) return "line.notReturnable.quantity";
  return "line.notReturnable.other";
}

export function LinePicker({ line, index, unit, reasons, choice, onChange }: Props) {
  const { i18n } = usePage();
  const id = `rk-line-${index}`;
  const returnable = Boolean(line._templates.create) && line.returnable_quantity > 0;
  const set = (patch: Partial<LineChoice>) => onChange({ ...choice, ...patch });
  const estimate = lineRefund(line, choice.resolution, choice.quantity);
  return (
    <li class={`rk-line${choice.selected ? " rk-line-selected" : ""}`}>
      <div class="rk-line-head">
        {returnable ? (
          <input
            type="checkbox"
            id={`${id}-take`}
            checked={choice.selected}
            onChange={(event) => set({ selected: event.currentTarget.checked })}
          />
        ) : null}
        <label for={returnable ? `${id}-take` : undefined} class="rk-line-name">
          {returnable ? i18n.t("line.returnThis", { item: line.sku }) : line.sku}
        </label>
        <span class="rk-muted">
          {line.size ? `${i18n.t("line.size", { size: line.size })} · ` : ""}
          {line.unit_price === null || !unit
            ? ""
            : i18n.t("line.price", { price: i18n.money(line.unit_price, unit) })}
        </span>
      </div>
      {!returnable ? <p class="rk-muted rk-refusal">{i18n.t(refusalKey(line))}</p> : null}
      {returnable && line.returnable_until ? (
        <p class="rk-muted">{i18n.t("line.until", { date: i18n.date(line.returnable_until) })}</p>
      ) : null}
      {returnable && choice.selected ? (
        <LineFields id={id} line={line} reasons={reasons} choice={choice} set={set} />
      ) : null}
      {returnable &&
      choice.selected &&
      estimate !== null &&
      unit &&
      choice.resolution !== "EXCHANGE" ? (
        <p class="rk-estimate">{i18n.t("line.estimate", { amount: i18n.money(estimate, unit) })}</p>
      ) : null}
    </li>
  );
}

interface FieldProps {
  id: string;
  line: ReturnableLine;
  reasons: Reason[];
  choice: LineChoice;
  set(patch: Partial<LineChoice>): void;
}

function LineFields({ id, line, reasons, choice, set }: FieldProps) {
  const { i18n } = usePage();
  const max = maxQuantity(line);
  const pickReason = (patch: Partial<ReasonPick>) => {
    const pick = nextPick(line.reasons, choice.pick, patch);
    set({ pick, reason: reasonOf(line.reasons, pick) });
  };
  const exchange = choice.resolution === "EXCHANGE" && offersField(line, "exchange_size");
  return (
    <div class="rk-line-fields">
      <div class="rk-field">
        <label for={`${id}-qty`}>{i18n.t("line.quantity")}</label>
        <select
          id={`${id}-qty`}
          value={String(choice.quantity)}
          onChange={(event) => set({ quantity: Number(event.currentTarget.value) })}
        >
          {Array.from({ length: max }, (_, i) => (
            <option value={String(i + 1)}>{i + 1}</option>
          ))}
        </select>
      </div>
      <ReasonChoice
        id={id}
        line={line}
        catalogue={reasons}
        pick={choice.pick}
        onPick={pickReason}
      />
      <fieldset class="rk-field rk-radios">
        <legend>{i18n.t("line.resolution")}</legend>
        {resolutionsOf(line).map((resolution) => (
          <label>
            <input
              type="radio"
              name={`${id}-resolution`}
              value={resolution}
              checked={choice.resolution === resolution}
              onChange={() => set({ resolution })}
            />{" "}
            {i18n.t(`resolution.${resolution}` as MessageKey)}
          </label>
        ))}
      </fieldset>
      {exchange ? <ExchangeSize id={id} line={line} choice={choice} set={set} /> : null}
    </div>
  );
}

function ExchangeSize({ id, line, choice, set }: Omit<FieldProps, "reasons">) {
  const { i18n } = usePage();
  const sizes = line.exchange_sizes;
  return (
    <div class="rk-field">
      <label for={`${id}-size`}>{i18n.t("line.exchangeSize")}</label>
      {sizes ? (
        <select
          id={`${id}-size`}
          value={choice.exchangeSize}
          onChange={(event) => set({ exchangeSize: event.currentTarget.value })}
        >
          <option value="">—</option>
          {sizes.map((size) => (
            <option value={size}>{size}</option>
          ))}
        </select>
      ) : (
        <input
          id={`${id}-size`}
          type="text"
          autocomplete="off"
          maxLength={32}
          value={choice.exchangeSize}
          onInput={(event) => set({ exchangeSize: event.currentTarget.value })}
        />
      )}
    </div>
  );
}
