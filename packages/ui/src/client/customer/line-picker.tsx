/** @module client/customer/line-picker — one line of the order: take it or not, and how. */

import type {
  ExchangeOffer,
  Reason,
  Refund,
  ReturnableLine,
  ReturnRequestEstimate,
} from "../api-schemas";
import { codeLabel } from "../codes";
import type { MessageKey } from "../messages/en";
import type { CurrencyUnit } from "../money";
import { usePage } from "../shared/context";
import {
  customerDifference,
  offerDifference,
  offerDifferenceWords,
} from "../shared/exchange-words";
import { itemName, OfferThumb, offeredItemName, ProductThumb } from "../shared/product";
import {
  type EstimatedExchange,
  estimatedExchange,
  estimatedRefund,
  type LineChoice,
  maxQuantity,
  offersField,
  resolutionsOf,
} from "./choice";
import { ReasonChoice } from "./reason-choice";
import { nextPick, type ReasonPick, reasonOf } from "./reason-steps";

interface Props {
  line: ReturnableLine;
  index: number;
  /** What the order's amounts are counted in; null when they cannot be. */
  unit: CurrencyUnit | null;
  reasons: Reason[];
  choice: LineChoice;
  /**
   * The API's estimate of the whole choice as chosen now, else null: the line's refund, or its
   * exchange's difference, is its entry there.
   */
  estimate: ReturnRequestEstimate | null;
  onChange(next: LineChoice): void;
}

/** The first lines' pictures are in view at once; the later ones load as they scroll near. */
const EAGER_PICTURES = 3;

/** Titled: "Organic cotton tee (Black / M)"; untitled: the SKU, its size said beside it. */
function lineName(line: ReturnableLine): string {
  return line.product.title ? itemName(line) : line.sku;
}

function refusalKey(line: ReturnableLine): MessageKey {
  if (line.final_sale || line.refusal?.endsWith("not-returnable"))
    return "line.notReturnable.final";
  if (line.refusal?.endsWith("return-window-closed")) return "line.notReturnable.window";
  if (line.returnable_quantity === 0) return "line.notReturnable.quantity";
  return "line.notReturnable.other";
}

export function LinePicker({ line, index, unit, reasons, choice, estimate, onChange }: Props) {
  const { i18n } = usePage();
  const id = `rk-line-${index}`;
  const returnable = Boolean(line._templates.create) && line.returnable_quantity > 0;
  const set = (patch: Partial<LineChoice>) => onChange({ ...choice, ...patch });
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
        <ProductThumb line={line} lazy={index >= EAGER_PICTURES} />
        <span class="rk-line-text">
          <label for={returnable ? `${id}-take` : undefined} class="rk-line-name">
            {returnable ? i18n.t("line.returnThis", { item: lineName(line) }) : lineName(line)}
          </label>
          <span class="rk-muted">
            {[
              line.product.title ? line.sku : null,
              !line.product.title && line.size ? i18n.t("line.size", { size: line.size }) : null,
              line.unit_price === null || !unit
                ? null
                : i18n.t("line.price", { price: i18n.money(line.unit_price, unit) }),
            ]
              .filter(Boolean)
              .join(" · ")}
          </span>
        </span>
      </div>
      {!returnable ? <p class="rk-muted rk-refusal">{i18n.t(refusalKey(line))}</p> : null}
      {returnable && line.returnable_until ? (
        <p class="rk-muted">{i18n.t("line.until", { date: i18n.date(line.returnable_until) })}</p>
      ) : null}
      {returnable && choice.selected ? (
        <LineFields id={id} line={line} unit={unit} reasons={reasons} choice={choice} set={set} />
      ) : null}
      {returnable && choice.selected ? (
        <LineOutcome
          line={line}
          unit={unit}
          choice={choice}
          refund={estimatedRefund(estimate, line, choice)}
          exchange={estimatedExchange(estimate, line, choice)}
        />
      ) : null}
    </li>
  );
}

/**
 * What the customer gets for the line: the item an exchange brings, with the difference the
 * API's estimate works out (bonus included), or the refund or store credit of that estimate
 * (no figure until that answer is for the line as chosen).
 */
function LineOutcome({
  line,
  unit,
  choice,
  refund,
  exchange,
}: {
  line: ReturnableLine;
  unit: CurrencyUnit | null;
  choice: LineChoice;
  refund: Refund | null;
  exchange: EstimatedExchange | null;
}) {
  const { i18n } = usePage();
  const sku = choice.exchangeSize.trim();
  if (choice.resolution === "EXCHANGE") {
    const offer = line.exchange_offers?.find((candidate) => candidate.sku === sku);
    const item = offer ? offeredItemName(offer) : sku;
    if (!item) return null;
    const difference = customerDifference(i18n, exchange?.difference, unit);
    if (!difference) return <p class="rk-estimate">{i18n.t("line.exchange", { item })}</p>;
    const bonus = exchange?.bonus_credit ?? 0;
    const words = [
      difference,
      bonus > 0 && unit ? i18n.t("exchange.bonus", { amount: i18n.money(bonus, unit) }) : null,
    ];
    const text = words.filter(Boolean).join(" · ");
    return (
      <p class="rk-estimate">{i18n.t("line.exchangeDifference", { item, difference: text })}</p>
    );
  }
  if (!refund) return null;
  const amount = i18n.money(refund.total, refund);
  const key: MessageKey = choice.resolution === "STORE_CREDIT" ? "line.credit" : "line.estimate";
  return <p class="rk-estimate">{i18n.t(key, { amount })}</p>;
}

interface FieldProps {
  id: string;
  line: ReturnableLine;
  unit: CurrencyUnit | null;
  reasons: Reason[];
  choice: LineChoice;
  set(patch: Partial<LineChoice>): void;
}

function LineFields({ id, line, unit, reasons, choice, set }: FieldProps) {
  const { i18n } = usePage();
  const max = maxQuantity(line);
  const pickReason = (patch: Partial<ReasonPick>) => {
    const pick = nextPick(line.reasons, choice.pick, patch);
    set({ pick, reason: reasonOf(line.reasons, pick) });
  };
  const exchange = choice.resolution === "EXCHANGE" && offersField(line, "exchange_for.sku");
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
            {codeLabel(i18n, "resolution", resolution)}
          </label>
        ))}
      </fieldset>
      {exchange ? <ExchangeSize id={id} line={line} unit={unit} choice={choice} set={set} /> : null}
    </div>
  );
}

/**
 * The item to exchange for, among the shop's offers available now (none without offers), each
 * with its price for the units chosen against the price paid; the chosen one by its picture.
 */
function ExchangeSize({ id, line, unit, choice, set }: Omit<FieldProps, "reasons">) {
  const { i18n } = usePage();
  const offers = line.exchange_offers?.filter((offer) => offer.available);
  if (!offers) return null;
  const chosen = offers.find((offer) => offer.sku === choice.exchangeSize);
  const optionText = (offer: ExchangeOffer) => {
    const signed = unit ? offerDifference(line, offer, choice.quantity, unit.currency) : null;
    const name = offeredItemName(offer);
    return signed === null || !unit
      ? name
      : `${name} · ${offerDifferenceWords(i18n, signed, unit)}`;
  };
  return (
    <div class="rk-field">
      <label for={`${id}-size`}>{i18n.t("line.exchangeSize")}</label>
      <select
        id={`${id}-size`}
        value={choice.exchangeSize}
        onChange={(event) => set({ exchangeSize: event.currentTarget.value })}
      >
        <option value="">—</option>
        {offers.map((offer) => (
          <option value={offer.sku}>{optionText(offer)}</option>
        ))}
      </select>
      {chosen ? (
        <span class="rk-offer">
          <OfferThumb offer={chosen} />
          <span class="rk-offer-chosen">{offeredItemName(chosen)}</span>
        </span>
      ) : null}
    </div>
  );
}
