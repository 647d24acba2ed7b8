// src/utils/utcDay: the page's last-updated date as theme-classic writes it with Intl, for the
// site's locales, without Intl; held to Node's Intl here for every day of a leap year and a few others.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {utcDay} from '../../src/utils/utcDay';

const options = {calendar: 'gregory', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'} as const;

test('zh-CN and en dates are what Intl.DateTimeFormat writes', () => {
  const days: Date[] = [];
  for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2025, 0, 1); t += 86_400_000) days.push(new Date(t + 23 * 3_600_000));
  days.push(new Date(Date.UTC(1999, 11, 31, 23, 59)), new Date(Date.UTC(2030, 6, 4)), new Date(0));
  for (const locale of ['zh-CN', 'en']) {
    const intl = new Intl.DateTimeFormat(locale, options);
    for (const day of days) assert.equal(utcDay(day, locale, 'gregory'), intl.format(day), `${locale} ${day.toISOString()}`);
  }
});

test('another locale or calendar is left to Intl', () => {
  assert.equal(utcDay(new Date(0), 'fr', 'gregory'), undefined);
  assert.equal(utcDay(new Date(0), 'zh-CN', 'chinese'), undefined);
});
