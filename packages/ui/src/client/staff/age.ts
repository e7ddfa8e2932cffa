/**
 * @module client/staff/age — how long ago something happened, in the page's words ("3 days
 * ago", "vor 3 Tagen"): the largest whole unit, through `Intl.RelativeTimeFormat`.
 */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

export function ageOf(iso: string, now: number, locale: string): string {
  const elapsed = Math.max(0, now - Date.parse(iso));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return format.format(-Math.floor(elapsed / ms), unit);
  }
  return format.format(0, "minute");
}
