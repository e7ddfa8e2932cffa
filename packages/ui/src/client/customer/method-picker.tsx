/**
 * @module client/customer/method-picker — how the parcel travels back, chosen among the shop's
 * methods; shown only when the shop offers more than one (with one, that one is the request's).
 */
import type { ReturnPolicy } from "../api-schemas";
import { usePage } from "../shared/context";

type Method = ReturnPolicy["return_methods"][number];

interface Props {
  methods: readonly Method[];
  value: Method | null;
  onChange(method: Method): void;
}

export function MethodPicker({ methods, value, onChange }: Props) {
  const { i18n } = usePage();
  if (methods.length < 2) return null;
  return (
    <fieldset class="rk-field rk-radios rk-methods">
      <legend>{i18n.t("method.legend")}</legend>
      {methods.map((method) => (
        <label key={method}>
          <input
            type="radio"
            name="rk-return-method"
            value={method}
            checked={value === method}
            onChange={() => onChange(method)}
          />{" "}
          {i18n.t(`method.${method}`)}
        </label>
      ))}
    </fieldset>
  );
}
