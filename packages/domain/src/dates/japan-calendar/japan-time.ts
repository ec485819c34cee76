/*
 * What day it is in Japan. The zone name is written only in this folder (a lint rule in
 * tooling/eslint refuses it elsewhere), so a server or a browser in another zone still counts
 * the days Japan counts.
 */

/** The IANA zone of the Japanese offices, for what needs the name itself (job schedules, SQL). */
export const japanTimeZone = 'Asia/Tokyo';

const japanDayFormat = new Intl.DateTimeFormat('sv-SE', { timeZone: japanTimeZone });

/** The calendar day in Japan at an instant, as `YYYY-MM-DD`, whatever the machine's time zone. */
export function dayInJapan(instant: Date): string {
  return japanDayFormat.format(instant);
}

/**
 * Today in Japan as `YYYY-MM-DD`: the day a Japanese office records something as done on (the
 * server and the browser agree on it). Tests pass `now` instead of faking the clock.
 */
export function todayInJapan(now: Date = new Date()): string {
  return dayInJapan(now);
}
