import { translateDomainKey, type Locale } from '@ipportal/domain';
import type { DeadlineLine } from '../mail/templates/types.js';

/*
 * How a reminder names a deadline, in the recipient's language. Nothing confidential: the
 * matter's reference, never its title or a request's content.
 */

export interface ReminderSubject {
  projectId: string;
  refrenceCode: string;
  origin: 'rule' | 'requestLegal' | 'requestUser' | 'requestItem';
  nameKey: string | null;
  name: string | null;
  requestNumber: number | null;
  date: string;
  plainDate: string;
  shiftReason: string | null;
  holiday: { ja: string; en: string } | null;
}

const originNames: Record<Locale, Record<'requestLegal' | 'requestUser', string>> = {
  ja: { requestLegal: '法定期限', requestUser: 'ユーザー期限' },
  en: { requestLegal: 'Legal deadline', requestUser: 'Your deadline' },
};

const shiftReasons: Record<Locale, Record<string, string>> = {
  ja: { weekend: '土日', holiday: '祝日', yearEnd: '年末年始（12月29日〜1月3日）' },
  en: { weekend: 'a weekend', holiday: 'a holiday', yearEnd: 'in the year-end closure (Dec 29 to Jan 3)' },
};

export function formatDay(locale: Locale, isoDate: string): string {
  return new Intl.DateTimeFormat(locale === 'ja' ? 'ja-JP' : 'en-US', {
    year: 'numeric',
    month: locale === 'ja' ? 'long' : 'short',
    day: 'numeric',
    weekday: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** `P6M` -> "6 months before" / "6か月前"; `P0D` -> "the day" / "当日". */
export function describeOffset(locale: Locale, offset: string): string {
  const match = /^P(\d+)([DWM])$/.exec(offset);
  if (!match) return offset;
  const amount = Number(match[1]);
  const unit = match[2];
  if (amount === 0) return locale === 'ja' ? '当日' : 'due today';
  if (locale === 'ja') return `${amount}${unit === 'M' ? 'か月' : unit === 'W' ? '週間' : '日'}前`;
  const word = unit === 'M' ? 'month' : unit === 'W' ? 'week' : 'day';
  return `${amount} ${word}${amount === 1 ? '' : 's'} away`;
}

export function deadlineName(locale: Locale, subject: ReminderSubject): string {
  const base =
    subject.origin === 'rule'
      ? (translateDomainKey(locale, subject.nameKey ?? '') ?? subject.nameKey ?? '')
      : subject.origin === 'requestItem'
        ? (subject.name ?? '')
        : originNames[locale][subject.origin];
  if (subject.requestNumber === null) return base;
  return locale === 'ja' ? `${base}（依頼 No.${subject.requestNumber}）` : `${base} (request No. ${subject.requestNumber})`;
}

/** The line a reminder or digest shows for one deadline. */
export function deadlineLine(locale: Locale, subject: ReminderSubject, url: string): DeadlineLine {
  const moved = subject.plainDate !== subject.date;
  const holiday = subject.holiday?.[locale];
  return {
    reference: subject.refrenceCode,
    deadline: deadlineName(locale, subject),
    date: formatDay(locale, subject.date),
    plainDate: moved ? formatDay(locale, subject.plainDate) : '',
    shiftReason: moved
      ? holiday
        ? locale === 'ja'
          ? `祝日（${holiday}）`
          : `a holiday (${holiday})`
        : (shiftReasons[locale][subject.shiftReason ?? ''] ?? '')
      : '',
    url,
  };
}
