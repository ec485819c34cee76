import { translateDomainKey, type DeadlineItem, type Locale } from '@ipportal/domain';
import ical, { ICalCalendarMethod } from 'ical-generator';

/*
 * The calendar feed's text: one all-day event per deadline, UID stable per (matter, deadline
 * key), SEQUENCE = the stored revision (raised whenever the date or name changes), so a
 * subscribed calendar moves the event instead of adding a second one. Summaries name the matter
 * by its reference, never its title.
 */

const labels: Record<
  Locale,
  { name: string; legal: string; user: string; plain: string; done: string; lapsed: string }
> = {
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

function nameOf(locale: Locale, item: DeadlineItem): string {
  if (item.origin === 'rule') return translateDomainKey(locale, item.nameKey ?? '') ?? item.nameKey ?? '';
  if (item.origin === 'requestItem') return item.name ?? '';
  return item.origin === 'requestLegal' ? labels[locale].legal : labels[locale].user;
}

export interface FeedItem extends DeadlineItem {
  revision: number;
}

export function renderIcs(
  items: readonly FeedItem[],
  options: { locale: Locale; productName: string; link: (item: DeadlineItem) => string; host: string },
): string {
  const text = labels[options.locale];
  const calendar = ical({
    name: `${options.productName} ${text.name}`,
    prodId: { company: 'ipportal', product: 'deadlines', language: options.locale.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    // A hint; clients refresh on their own schedule (hours), which the settings page says.
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
      start: dateOnly(item.date),
      end: dateOnly(item.date),
      summary: `${item.refrenceCode} ${nameOf(options.locale, item)}${state}`,
      description: description.join('\n'),
      url: options.link(item),
    });
  }
  return calendar.toString();
}

/** A calendar day as a floating local date (ical-generator writes VALUE=DATE from it for all-day events). */
function dateOnly(isoDate: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}
