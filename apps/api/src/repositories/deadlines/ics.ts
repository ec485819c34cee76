import { closureText, translateDomainKey, type DeadlineClosure, type Locale } from '@ipportal/domain';
import { escapeText, foldLine, icsDate, icsNextDate, icsUtcDateTime } from './ics-format.js';

/*
 * The calendar feed's text: one all-day event per deadline, UID stable per (matter, deadline
 * key), SEQUENCE = the stored revision (raised whenever the date or name changes), so a
 * subscribed calendar moves the event instead of adding a second one. Summaries name the matter
 * by its reference, never its title. An event is the one day: DTEND the next day, exclusive. The lines are those ical-generator wrote (ics-format.ts).
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

/** A hint; clients refresh on their own schedule (hours), which the settings page says. */
const refreshEvery = 'PT1H';

/** What an event shows of a deadline (feed.ts reads just this). */
export interface FeedItem {
  projectId: string;
  key: string;
  refrenceCode: string;
  origin: 'rule' | 'requestLegal' | 'requestUser' | 'requestItem';
  nameKey: string | null;
  name: string | null;
  date: string;
  plainDate: string;
  state: 'open' | 'done' | 'lapsed' | 'closed';
  revision: number;
  /** The recorded fact that closed it (state `closed`): the summary names it. */
  closedBy?: DeadlineClosure | null;
}

export interface IcsOptions {
  locale: Locale;
  productName: string;
  link: (item: FeedItem) => string;
  host: string;
  /** DTSTAMP of every event: when the feed was generated. */
  now?: Date;
}

/** Events per piece of the streamed text: about 250 KB. */
const eventsPerPiece = 500;

/**
 * The calendar's text in pieces, each ending a line (the last one the calendar): the route
 * streams them, so a feed of 30,000 events is compressed and sent while it is written, and the
 * event loop is never held for the whole of it.
 */
export function* icsPieces(items: readonly FeedItem[], options: IcsOptions): Generator<string> {
  const text = labels[options.locale];
  // A rule's name is looked up once per rule, not once per event.
  const ruleNames = new Map<string, string>();
  const nameOf = (item: FeedItem): string => {
    if (item.origin === 'requestItem') return item.name ?? '';
    if (item.origin !== 'rule') return item.origin === 'requestLegal' ? text.legal : text.user;
    const key = item.nameKey ?? '';
    let name = ruleNames.get(key);
    if (name === undefined)
      ruleNames.set(key, (name = translateDomainKey(options.locale, key) ?? item.nameKey ?? ''));
    return name;
  };
  const stamp = `DTSTAMP:${icsUtcDateTime(options.now ?? new Date())}`;
  const calendarName = `${options.productName} ${text.name}`;
  const header = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//ipportal//deadlines//${options.locale.toUpperCase()}`,
    'METHOD:PUBLISH',
    `NAME:${calendarName}`,
    `X-WR-CALNAME:${calendarName}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${refreshEvery}`,
    `X-PUBLISHED-TTL:${refreshEvery}`,
  ];
  let piece = header.map((line) => `${foldLine(line)}\r\n`).join('');
  let inPiece = 0;
  for (const item of items) {
    const state =
      item.state === 'open'
        ? ''
        : ` (${
            item.state === 'closed' && item.closedBy
              ? closureText(options.locale, item.closedBy)
              : item.state === 'done'
                ? text.done
                : text.lapsed
          })`;
    const link = options.link(item);
    const description = [item.plainDate !== item.date ? `${text.plain}: ${item.plainDate}` : '', link]
      .filter(Boolean)
      .join('\n');
    piece +=
      `BEGIN:VEVENT\r\n${foldLine(`UID:${item.projectId}.${encodeURIComponent(item.key)}@${options.host}`)}\r\n` +
      `SEQUENCE:${item.revision}\r\n${stamp}\r\n` +
      `DTSTART;VALUE=DATE:${icsDate(item.date)}\r\nDTEND;VALUE=DATE:${icsNextDate(item.date)}\r\n` +
      'X-MICROSOFT-CDO-ALLDAYEVENT:TRUE\r\nX-MICROSOFT-MSNCALENDAR-ALLDAYEVENT:TRUE\r\n' +
      `${foldLine(`SUMMARY:${escapeText(`${item.refrenceCode} ${nameOf(item)}${state}`)}`)}\r\n` +
      `${foldLine(`DESCRIPTION:${escapeText(description)}`)}\r\n` +
      (link ? `${foldLine(`URL;VALUE=URI:${escapeText(link)}`)}\r\n` : '') +
      'END:VEVENT\r\n';
    if (++inPiece === eventsPerPiece) {
      yield piece;
      piece = '';
      inPiece = 0;
    }
  }
  yield `${piece}END:VCALENDAR`;
}

/** The whole calendar as one text. */
export function renderIcs(items: readonly FeedItem[], options: IcsOptions): string {
  return [...icsPieces(items, options)].join('');
}
