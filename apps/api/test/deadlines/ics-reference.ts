import { translateDomainKey, type Locale } from '@ipportal/domain';
import ical, { ICalCalendarMethod } from 'ical-generator';
import type { FeedItem, IcsOptions } from '../../src/repositories/deadlines/ics.js';

/*
 * The calendar feed as ical-generator 11 wrote it before src/repositories/deadlines/ics.ts wrote
 * its lines by hand (the library took 2 s for 30,000 events; ADR 0017): the reference the hand
 * written feed must equal, DTSTAMP aside. One difference on purpose: a day is given as UTC
 * midnight, so the library writes that day whatever the machine's time zone. The old code gave
 * it local midnight, which the library writes with UTC getters: the day before on a server east
 * of UTC (TZ=Asia/Tokyo).
 */

const labels: Record<Locale, Record<'name' | 'legal' | 'user' | 'plain' | 'done' | 'lapsed', string>> = {
  ja: {
    name: '期限管理',
    legal: '法定期限',
    user: 'ユーザー期限',
    plain: '本来の期日',
    done: '完了',
    lapsed: '失効させる',
  },
  en: {
    name: 'Deadlines',
    legal: 'Legal deadline',
    user: 'Your deadline',
    plain: "Office's date",
    done: 'done',
    lapsed: 'let lapse',
  },
};

function nameOf(locale: Locale, item: FeedItem): string {
  if (item.origin === 'rule') return translateDomainKey(locale, item.nameKey ?? '') ?? item.nameKey ?? '';
  if (item.origin === 'requestItem') return item.name ?? '';
  return item.origin === 'requestLegal' ? labels[locale].legal : labels[locale].user;
}

const utcDay = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);
const dayAfter = (isoDate: string) => new Date(utcDay(isoDate).getTime() + 24 * 60 * 60 * 1000);

export function referenceIcs(items: readonly FeedItem[], options: IcsOptions): string {
  const text = labels[options.locale];
  const calendar = ical({
    name: `${options.productName} ${text.name}`,
    prodId: { company: 'ipportal', product: 'deadlines', language: options.locale.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 60,
  });
  for (const item of items) {
    const state = item.state === 'open' ? '' : ` (${item.state === 'done' ? text.done : text.lapsed})`;
    const description = [
      item.plainDate !== item.date ? `${text.plain}: ${item.plainDate}` : '',
      options.link(item),
    ].filter(Boolean);
    calendar.createEvent({
      id: `${item.projectId}.${encodeURIComponent(item.key)}@${options.host}`,
      sequence: item.revision,
      allDay: true,
      start: utcDay(item.date),
      // DTEND of an all-day event is exclusive (RFC 5545 3.6.1): the day after.
      end: dayAfter(item.date),
      summary: `${item.refrenceCode} ${nameOf(options.locale, item)}${state}`,
      description: description.join('\n'),
      url: options.link(item),
      ...(options.now ? { stamp: options.now } : {}),
    });
  }
  return calendar.toString();
}
