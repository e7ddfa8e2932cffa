/**
 * @module client/i18n — messages from the catalogues, counts in the plural form
 * `Intl.PluralRules` names, money and dates through Intl: the currency and its digits from the
 * API's amounts, the locale from the page's setting or the browser.
 */
import { de } from "./messages/de";
import { en, type MessageKey, type Messages } from "./messages/en";
import { type CurrencyUnit, formatMoney } from "./money";

const CATALOGUES: Record<string, Messages> = { en, de };

/** A message counted: its forms are `<base>.one`, `<base>.other` (and any other plural category). */
export type CountedKey = {
  [K in MessageKey]: K extends `${infer Base}.other` ? Base : never;
}[MessageKey];

export interface I18n {
  locale: string;
  t(key: MessageKey, params?: Record<string, string | number>): string;
  /**
   * `count` in the message's plural form for it (`{count}` is the number as the locale writes
   * it): "1 item selected", "3 items selected". A language without the category uses `.other`.
   */
  count(base: CountedKey, count: number, params?: Record<string, string | number>): string;
  /** A percent as a policy states it (10 for 10 %), as the locale writes it. */
  percent(value: number): string;
  /** An amount of the API in `unit` (its currency and `currency_exponent`), exactly. */
  money(minorUnits: number, unit: CurrencyUnit): string;
  date(iso: string): string;
  /** The day and month only ("28 Nov", "Nov 28", "28. Nov."), as the locale writes them. */
  dayMonth(iso: string): string;
  dateTime(iso: string): string;
}

export function createI18n(preferred: string | null): I18n {
  const wanted = preferred ?? navigator.languages?.[0] ?? navigator.language ?? "en";
  const locale = supportedLocale(wanted);
  const catalogue = CATALOGUES[locale.split("-")[0] ?? "en"] ?? en;
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: "medium" });
  const dateTimes = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const dayMonths = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short" });
  const plurals = new Intl.PluralRules(locale);
  const numbers = new Intl.NumberFormat(locale);
  const percents = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
  const t: I18n["t"] = (key, params) => {
    const text: string = catalogue[key] ?? en[key] ?? key;
    return params ? text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? "")) : text;
  };
  return {
    locale,
    t,
    count(base, count, params) {
      const form = `${base}.${plurals.select(count)}`;
      const key = (form in catalogue ? form : `${base}.other`) as MessageKey;
      return t(key, { ...params, count: numbers.format(count) });
    },
    percent: (value) => percents.format(value / 100),
    money: (minorUnits, unit) => formatMoney(locale, minorUnits, unit),
    date: (iso) => dates.format(new Date(iso)),
    dayMonth: (iso) => dayMonths.format(new Date(iso)),
    dateTime: (iso) => dateTimes.format(new Date(iso)),
  };
}

/** The wanted locale when its language has a catalogue, else English (keeping Intl consistent). */
function supportedLocale(wanted: string): string {
  try {
    const [canonical] = Intl.getCanonicalLocales(wanted);
    if (canonical && CATALOGUES[canonical.split("-")[0] ?? ""]) return canonical;
  } catch {
    // A malformed tag: fall back.
  }
  return "en";
}
