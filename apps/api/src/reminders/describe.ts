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

/** One formatter per language: building one costs more than formatting a day (12,000 reminders a day). */
const dayFormats: Record<Locale, Intl.DateTimeFormat> = {
  ja: new Intl.DateTimeFormat('ja-JP', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    weekday: 'short',
    timeZone: 'UTC',
  }),
  en: new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    weekday: 'short',
    timeZone: 'UTC',
  }),
};

export function formatDay(locale: Locale, isoDate: string): string {
  return dayFormats[locale].format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * How far the deadline is, counted from the day the reminder goes out: a reminder planned late
 * (a date entered or moved inside an offset) says the real distance, not the offset's name.
 */
export function describeDaysLeft(locale: Locale, today: string, date: string): string {
  const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  if (days <= 0) return locale === 'ja' ? '本日が期限' : 'due today';
  return locale === 'ja' ? `あと${days}日` : `${days} day${days === 1 ? '' : 's'} away`;
}

export function deadlineName(locale: Locale, subject: ReminderSubject): string {
  const base =
    subject.origin === 'rule'
      ? (translateDomainKey(locale, subject.nameKey ?? '') ?? subject.nameKey ?? '')
      : subject.origin === 'requestItem'
        ? (subject.name ?? '')
        : originNames[locale][subject.origin];
  if (subject.requestNumber === null) return base;
  return locale === 'ja'
    ? `${base}（依頼 No.${subject.requestNumber}）`
    : `${base} (request No. ${subject.requestNumber})`;
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
