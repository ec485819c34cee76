/**
 * The calendar feed's text, written by hand (src/repositories/deadlines/ics.ts), is the text
 * ical-generator wrote (ics-reference.ts), byte for byte: escaping, folding at 75 octets (inside
 * Japanese text, URLs and emoji), states, moved dates, both languages. And it is the day stored,
 * whatever the server's time zone.
 */
import { japanTimeZone } from '@ipportal/domain';
import ical, { type VEvent } from 'node-ical';
import { describe, expect, test } from 'vitest';
import { renderIcs, type FeedItem, type IcsOptions } from '../../src/repositories/deadlines/ics.js';
import { referenceIcs } from './ics-reference.js';

const projectId = '3f1c2b9a-7d4e-4c8f-9a1b-2c3d4e5f6a7b';
const base: FeedItem = {
  projectId,
  key: 'jp.patent.examinationRequest',
  refrenceCode: 'P-2026-001',
  origin: 'rule',
  nameKey: 'deadline.jp.patent.examinationRequest.name',
  name: null,
  date: '2027-03-31',
  plainDate: '2027-03-31',
  state: 'open',
  revision: 0,
};

const items: FeedItem[] = [
  base,
  // A yearly key (`#`), moved past a closed day, done, on a later revision.
  {
    ...base,
    key: 'jp.patent.annuity#4',
    nameKey: 'deadline.jp.patent.annuity.name',
    date: '2027-01-04',
    plainDate: '2026-12-31',
    state: 'done',
    revision: 3,
  },
  { ...base, key: 'request:9c1:legal', origin: 'requestLegal', nameKey: null, state: 'lapsed' },
  { ...base, key: 'request:9c1:user', origin: 'requestUser', nameKey: null },
  // A dated item named by a person: every character TEXT escapes, and long enough to fold.
  {
    ...base,
    key: 'item:7a2',
    origin: 'requestItem',
    nameKey: null,
    name: '拒絶理由通知への意見書, 補正書; 提出前の確認\\最終版\n第二行 — 出願人（株式会社サンプル電機）との打ち合わせ 📅 🗂️',
  },
  // A reference long enough to fold the summary in the middle of ASCII, an unknown name key.
  { ...base, refrenceCode: 'REF-'.repeat(20), nameKey: 'deadline.unknown.name' },
  { ...base, origin: 'requestItem', nameKey: null, name: null, key: 'item:empty' },
];

const options = (locale: 'ja' | 'en', host = 'portal.example.com'): IcsOptions => ({
  locale,
  productName: 'IP ポータル',
  host,
  link: (item) => `https://${host}/projects?project-id=${item.projectId}`,
  now: new Date('2026-11-26T10:20:30.456Z'),
});

describe('the calendar feed text', () => {
  test.each(['ja', 'en'] as const)('equals what ical-generator wrote (%s)', (locale) => {
    expect(renderIcs(items, options(locale))).toBe(referenceIcs(items, options(locale)));
  });

  test('a long host folds the UID and the URL as before; an empty feed is a calendar', () => {
    const host = `${'calendar-'.repeat(8)}example.com`;
    expect(renderIcs(items, options('ja', host))).toBe(referenceIcs(items, options('ja', host)));
    expect(renderIcs([], options('en'))).toBe(referenceIcs([], options('en')));
  });

  test('an all-day event on the stored day in any time zone; DTSTAMP is when the feed was made', () => {
    const zone = process.env.TZ;
    // Node applies a changed TZ at once: east of UTC, where the old feed wrote the day before.
    process.env.TZ = japanTimeZone;
    const text = (() => {
      try {
        return renderIcs([base], options('en'));
      } finally {
        if (zone === undefined) delete process.env.TZ;
        else process.env.TZ = zone;
      }
    })();
    expect(text).toContain('\r\nDTSTART;VALUE=DATE:20270331\r\nDTEND;VALUE=DATE:20270401\r\n');
    expect(text).toContain('\r\nDTSTAMP:20261126T102030Z\r\n');
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  test('a calendar parser reads each event as one whole day: DTEND is the next day, exclusive', () => {
    // The last day of a month, of a leap February and of a year roll over to the next one.
    const days = ['2027-03-31', '2028-02-28', '2028-02-29', '2027-12-31'];
    const feed = renderIcs(
      days.map((date, index) => ({ ...base, key: `k${index}`, date, plainDate: date })),
      options('ja'),
    );
    const events = Object.values(ical.sync.parseICS(feed)).filter(
      (entry): entry is VEvent => entry?.type === 'VEVENT',
    );
    // node-ical gives a DATE as local midnight with `dateOnly` set: read it back as a day.
    const dayOf = (value: unknown) => {
      const date = value as Date & { dateOnly?: boolean };
      expect(date.dateOnly).toBe(true);
      return [date.getFullYear(), date.getMonth() + 1, date.getDate()];
    };
    expect(events.map((event) => [dayOf(event.start), dayOf(event.end)])).toEqual([
      [
        [2027, 3, 31],
        [2027, 4, 1],
      ],
      [
        [2028, 2, 28],
        [2028, 2, 29],
      ],
      [
        [2028, 2, 29],
        [2028, 3, 1],
      ],
      [
        [2027, 12, 31],
        [2028, 1, 1],
      ],
    ]);
  });
});
