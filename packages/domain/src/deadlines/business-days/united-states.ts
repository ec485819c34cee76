import { parseIsoDate, toIsoDate } from '../../dates/iso-date.js';
import type { ClosedDay } from '../../dates/closed-day.js';

type Name = Readonly<{ ja: string; en: string }>;

/**
 * The USPTO is closed on Saturdays, Sundays and federal holidays within the District of Columbia;
 * a last day on such a day moves to the next business day (35 U.S.C. 21(b); 37 CFR 1.7(a);
 * MPEP 710.05). The holidays are those of 5 U.S.C. 6103(a), observed on the Friday before when
 * they fall on a Saturday and the Monday after when on a Sunday (5 U.S.C. 6103(b); Executive
 * Order 11582), plus Inauguration Day in the District of Columbia (5 U.S.C. 6103(c)).
 *
 * A small table rather than a library: @18f/us-federal-holidays lists Juneteenth for every year
 * (it became a holiday in 2021) and has no Inauguration Day, which is a DC holiday the USPTO keeps.
 * Closures by executive order are listed by hand below; add new ones when they are ordered.
 */
const fixedHolidays: readonly { month: number; day: number; since?: number; name: Name }[] = [
  { month: 1, day: 1, name: { ja: '元日', en: "New Year's Day" } },
  // Juneteenth National Independence Day Act, Pub. L. 117-17 (17 June 2021).
  {
    month: 6,
    day: 19,
    since: 2021,
    name: { ja: 'ジューンティーンス独立記念日', en: 'Juneteenth National Independence Day' },
  },
  { month: 7, day: 4, name: { ja: '独立記念日', en: 'Independence Day' } },
  { month: 11, day: 11, name: { ja: '退役軍人の日', en: 'Veterans Day' } },
  { month: 12, day: 25, name: { ja: 'クリスマス', en: 'Christmas Day' } },
];

/** Holidays on the nth weekday of a month (`nth` -1 = the last one); weekday 0 is Sunday. */
const weekdayHolidays: readonly { month: number; weekday: number; nth: number; name: Name }[] = [
  {
    month: 1,
    weekday: 1,
    nth: 3,
    name: { ja: 'キング牧師記念日', en: 'Birthday of Martin Luther King, Jr.' },
  },
  { month: 2, weekday: 1, nth: 3, name: { ja: 'ワシントン誕生記念日', en: "Washington's Birthday" } },
  { month: 5, weekday: 1, nth: -1, name: { ja: 'メモリアル・デー', en: 'Memorial Day' } },
  { month: 9, weekday: 1, nth: 1, name: { ja: 'レイバー・デー', en: 'Labor Day' } },
  { month: 10, weekday: 1, nth: 2, name: { ja: 'コロンブス・デー', en: 'Columbus Day' } },
  { month: 11, weekday: 4, nth: 4, name: { ja: '感謝祭', en: 'Thanksgiving Day' } },
];

/** Federal offices closed by executive order (the USPTO treats these as federal holidays). */
const closuresByOrder: Readonly<Record<string, Name>> = {
  '2018-12-05': {
    ja: '国葬日（ジョージ・H・W・ブッシュ元大統領）',
    en: 'National Day of Mourning (George H. W. Bush)',
  },
  '2019-12-24': {
    ja: 'クリスマス・イブ（大統領令による閉庁）',
    en: 'Christmas Eve (closed by executive order)',
  },
  '2020-12-24': {
    ja: 'クリスマス・イブ（大統領令による閉庁）',
    en: 'Christmas Eve (closed by executive order)',
  },
  '2024-12-24': {
    ja: 'クリスマス・イブ（大統領令による閉庁）',
    en: 'Christmas Eve (closed by executive order)',
  },
  '2025-01-09': { ja: '国葬日（ジミー・カーター元大統領）', en: 'National Day of Mourning (Jimmy Carter)' },
};

const inauguration: Name = {
  ja: '大統領就任式の日（ワシントンD.C.）',
  en: 'Inauguration Day (District of Columbia)',
};

function iso(year: number, month: number, day: number): string {
  return toIsoDate(new Date(year, month - 1, day));
}

function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  if (nth > 0) {
    const first = new Date(year, month - 1, 1).getDay();
    return iso(year, month, 1 + ((weekday - first + 7) % 7) + (nth - 1) * 7);
  }
  const lastDay = new Date(year, month, 0);
  return iso(year, month, lastDay.getDate() - ((lastDay.getDay() - weekday + 7) % 7));
}

/** A holiday on a weekend is observed on the Friday before (Saturday) or the Monday after (Sunday). */
function observed(isoDate: string): string {
  const date = parseIsoDate(isoDate) as Date;
  if (date.getDay() === 6) date.setDate(date.getDate() - 1);
  else if (date.getDay() === 0) date.setDate(date.getDate() + 1);
  return toIsoDate(date);
}

const cache = new Map<number, ReadonlyMap<string, Name>>();

/** The observed DC federal holidays of a year, by date. */
function holidaysOf(year: number): ReadonlyMap<string, Name> {
  const known = cache.get(year);
  if (known) return known;
  const days = new Map<string, Name>();
  for (const h of fixedHolidays) {
    if (h.since === undefined || year >= h.since) days.set(observed(iso(year, h.month, h.day)), h.name);
  }
  // New Year's Day of the next year observed on this year's 31 December (a Saturday 1 January).
  if (new Date(year + 1, 0, 1).getDay() === 6) days.set(iso(year, 12, 31), fixedHolidays[0]!.name);
  for (const h of weekdayHolidays) days.set(nthWeekday(year, h.month, h.weekday, h.nth), h.name);
  // Inauguration Day, 20 January every fourth year since 1965; on a Sunday it is the 21st (6103(c)).
  if (year >= 1965 && (year - 1965) % 4 === 0) {
    const jan20 = new Date(year, 0, 20);
    days.set(jan20.getDay() === 0 ? iso(year, 1, 21) : iso(year, 1, 20), inauguration);
  }
  for (const [date, name] of Object.entries(closuresByOrder)) {
    if (date.startsWith(`${year}-`)) days.set(date, name);
  }
  cache.set(year, days);
  return days;
}

/** Why the USPTO is closed on a day, or undefined on a business day. */
export function unitedStatesClosedDay(isoDate: string): ClosedDay | undefined {
  const holiday = holidaysOf(Number(isoDate.slice(0, 4))).get(isoDate);
  if (holiday) return { reason: 'holiday', holiday };
  const weekday = parseIsoDate(isoDate)?.getDay();
  if (weekday === 0 || weekday === 6) return { reason: 'weekend' };
  return undefined;
}
