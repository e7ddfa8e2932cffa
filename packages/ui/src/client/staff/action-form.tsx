/** @module client/staff/action-form — one action the API offers on a return, as a form. */
import { useEffect, useState } from "preact/hooks";
import type { Template } from "../api-schemas";
import { type CodeFamily, codeLabel, humaniseCode } from "../codes";
import type { MessageKey } from "../messages/en";
import { describeProblem } from "../problems";
import { usePage } from "../shared/context";
import { type Field, templateFields } from "./template-fields";

interface Props {
  name: string;
  template: Template;
  onDone(message: string): void;
  onError(message: string): void;
}

const humanise = (code: string) =>
  code.charAt(0) + code.slice(1).toLowerCase().replaceAll("_", " ");

/** The family of codes a field's options are, so each option reads as words. */
const OPTION_FAMILIES: Partial<Record<string, CodeFamily>> = {
  reason_code: "rejection",
  condition: "condition",
  disposition: "disposition",
  resolution: "resolution",
};

export function ActionForm({ name, template, onDone, onError }: Props) {
  const { api, i18n } = usePage();
  const [fields, setFields] = useState<Field[] | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    templateFields(api, template)
      .then((found) => {
        setFields(found);
        setValues(Object.fromEntries(found.flatMap((f) => (f.value ? [[f.name, f.value]] : []))));
      })
      .catch(() => setFields([]));
  }, [template.target]);

  // A form of nothing but a note is a button: the note is optional, and rarely wanted.
  const shown = (fields ?? []).filter(
    (field) => field.name !== "note" || (fields ?? []).length > 1,
  );
  const label = (field: Field) => {
    const key = `staff.field.${field.name}` as MessageKey;
    const text = i18n.t(key);
    return text === key ? humanise(field.name) : text;
  };
  const optionLabel = (fieldName: string, option: string) => {
    const family = OPTION_FAMILIES[fieldName];
    return family ? codeLabel(i18n, family, option) : humaniseCode(option);
  };
  const actionKey = `action.${name}` as MessageKey;
  const title =
    i18n.t(actionKey) === actionKey ? (template.title ?? humanise(name)) : i18n.t(actionKey);
  const submit = async (event: Event) => {
    event.preventDefault();
    const body: Record<string, unknown> = {};
    for (const field of shown) {
      const value = values[field.name]?.trim();
      if (value) body[field.name] = field.kind === "number" ? Number(value) : value;
    }
    setBusy(true);
    try {
      await api.send(template.target, body, template.method);
      onDone(i18n.t("staff.done", { action: title }));
    } catch (problem) {
      onError(describeProblem(problem, i18n));
    } finally {
      setBusy(false);
    }
  };
  const id = (field: Field) => `rk-${name}-${field.name}`;
  return (
    <form class="rk-action-form" onSubmit={submit} data-action={name}>
      {shown.map((field) => (
        <div class="rk-field" key={field.name}>
          <label for={id(field)}>{label(field)}</label>
          {field.kind === "choice" ? (
            <select
              id={id(field)}
              value={values[field.name] ?? ""}
              onChange={(event) =>
                setValues({ ...values, [field.name]: event.currentTarget.value })
              }
            >
              <option value="">{i18n.t("staff.choose")}</option>
              {field.options.map((option) => (
                <option value={option}>{optionLabel(field.name, option)}</option>
              ))}
            </select>
          ) : field.kind === "number" ? (
            <input
              id={id(field)}
              type="number"
              min={field.min}
              max={field.max}
              value={values[field.name] ?? ""}
              onInput={(event) => setValues({ ...values, [field.name]: event.currentTarget.value })}
            />
          ) : (
            <input
              id={id(field)}
              type="text"
              value={values[field.name] ?? ""}
              onInput={(event) => setValues({ ...values, [field.name]: event.currentTarget.value })}
            />
          )}
        </div>
      ))}
      <div>
        <button type="submit" class="rk-button rk-primary" disabled={busy || fields === null}>
          {title}
        </button>
      </div>
    </form>
  );
}
