/**
 * @module client/customer/reason-choice — why a line goes back, in two steps: what was wrong,
 * then, for fit, which way and where, among the reasons the shop allows for this product.
 */
import type { Reason, ReturnableLine } from "../api-schemas";
import type { I18n } from "../i18n";
import type { MessageKey } from "../messages/en";
import { known, reasonLabel } from "../reasons";
import { usePage } from "../shared/context";
import { FIT, OVERALL, placesFor, type ReasonPick } from "./reason-steps";

interface Props {
  id: string;
  line: ReturnableLine;
  /** The catalogue, for the labels of reasons the shop added. */
  catalogue: Reason[];
  pick: ReasonPick;
  onPick(patch: Partial<ReasonPick>): void;
}

export function ReasonChoice({ id, line, catalogue, pick, onPick }: Props) {
  const { i18n } = usePage();
  const { reasons } = line;
  const places = pick.direction ? placesFor(reasons, pick.direction) : [];
  return (
    <>
      <div class="rk-field">
        <label for={`${id}-reason`}>{i18n.t("line.reason")}</label>
        <select
          id={`${id}-reason`}
          value={pick.category}
          required
          onChange={(event) => onPick({ category: event.currentTarget.value })}
        >
          <option value="">{i18n.t("line.reasonPlaceholder")}</option>
          {reasons.categories.map((category) => (
            <option value={category}>{categoryLabel(category, catalogue, i18n)}</option>
          ))}
        </select>
      </div>
      {pick.category === FIT && reasons.fit ? (
        <fieldset class="rk-field rk-fit">
          <legend>{i18n.t("line.fitHow")}</legend>
          <label for={`${id}-direction`}>{i18n.t("line.fitDirection")}</label>
          <select
            id={`${id}-direction`}
            value={pick.direction}
            required
            onChange={(event) => onPick({ direction: event.currentTarget.value })}
          >
            <option value="">{i18n.t("line.fitChoose")}</option>
            {reasons.fit.directions.map((direction) => (
              <option value={direction}>{i18n.t(`fit.${direction}` as MessageKey)}</option>
            ))}
          </select>
          <label for={`${id}-place`}>{i18n.t("line.fitPlace")}</label>
          <select
            id={`${id}-place`}
            value={pick.place}
            required
            disabled={!pick.direction}
            onChange={(event) => onPick({ place: event.currentTarget.value })}
          >
            <option value="">{i18n.t("line.fitChoose")}</option>
            {places.map((place) => (
              <option value={place}>{placeLabel(place, i18n)}</option>
            ))}
          </select>
        </fieldset>
      ) : null}
    </>
  );
}

function categoryLabel(category: string, catalogue: Reason[], i18n: I18n): string {
  if (category === FIT) return i18n.t("line.category.FIT");
  const reason = catalogue.find((r) => r.code === category);
  return reason
    ? reasonLabel(reason, i18n)
    : (known(i18n, `reason.${category}`) ?? words(category));
}

function placeLabel(place: string, i18n: I18n): string {
  if (place === OVERALL) return i18n.t("line.fitOverall");
  return known(i18n, `bodyPart.${place}`) ?? words(place);
}

/** A code the messages do not know (a body part the shop added): `LOWER_BACK` → "Lower back". */
function words(code: string): string {
  const text = code.toLowerCase().replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
