/**
 * A date as theme-classic's LastUpdated shows it (Intl.DateTimeFormat with day: numeric, month:
 * short, year: numeric, timeZone: UTC, in the Gregorian calendar), for the site's two locales
 * without Intl: the first Intl.DateTimeFormat of a page sets up ICU's date formatting, 15 to 40 ms
 * of main thread at Lighthouse's 4× CPU while the page hydrates (issue 39). Another locale or
 * calendar gets undefined (the caller then uses Intl). tests/unit/utc-day.test.ts holds it to Intl.
 */
const enMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function utcDay(date: Date, locale: string, calendar: string): string | undefined {
  if (calendar !== 'gregory') return undefined;
  const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
  if (locale === 'zh-CN') return `${year}年${month + 1}月${day}日`;
  if (locale === 'en') return `${enMonths[month]} ${day}, ${year}`;
  return undefined;
}
