import { closureDate, nationalRenewalOffices, type DeadlineItem } from '@ipportal/domain';
import type { TFunction } from 'i18next';

/*
 * How a deadline reads on screen and in the CSV, in the interface language: its name, where it
 * comes from, why its date moved, and which group of /terms it falls in.
 */

/**
 * Rules with one deadline per year of a right: their rows name the year, or every annuity of a
 * matter would read the same. (The first JP patent annuities are paid together for years 1–3.)
 */
const yearlyRules = new Set([
  'jp.patent.annuity',
  'jp.utilityModel.annuity',
  'jp.design.annuity',
  'ep.patent.renewalFee',
  'ep.unitary.renewalFee',
  ...nationalRenewalOffices.map((state) => `ep.national.${state}.renewalFee`),
]);

export function deadlineName(t: TFunction, item: DeadlineItem): string {
  if (item.origin === 'rule') {
    const name = t(item.nameKey ?? '');
    if (item.ruleId === 'jp.patent.firstAnnuities') return t('terms.yearsOf', { name, from: 1, to: 3 });
    if (item.year !== null && yearlyRules.has(item.ruleId ?? ''))
      return t('terms.yearOf', { name, year: item.year });
    return name;
  }
  if (item.origin === 'requestItem') return item.name ?? '';
  return t(`terms.origin.${item.origin}`);
}

/** The request a request's deadline belongs to, or ''. */
export function requestOf(t: TFunction, item: DeadlineItem): string {
  return item.request
    ? t('terms.origin.request', { number: item.request.number, name: item.request.name })
    : '';
}

/** Why the date differs from the office's plain date, or '' when it does not. */
export function shiftText(t: TFunction, item: DeadlineItem, locale: 'ja' | 'en'): string {
  if (!item.shift || item.plainDate === item.date) return '';
  if (item.shift.reason === 'holiday')
    return item.shift.holiday
      ? t('terms.shift.holiday', { name: item.shift.holiday[locale] })
      : t('terms.shift.holidayPlain');
  return t(`terms.shift.${item.shift.reason}`);
}

/**
 * What closed a deadline by the matter's own facts, 「登録（2023/05/10）により完了」, or '' when
 * none did (a person's 完了 is said by the state and who recorded it).
 */
export function closureText(t: TFunction, item: DeadlineItem, locale: 'ja' | 'en'): string {
  if (!item.closedBy) return '';
  const { how, fact, date } = item.closedBy;
  return t(`deadline.closedBy.${how}${date ? '' : 'Undated'}`, {
    fact: t(`deadline.fact.${fact}`),
    date: date ? closureDate(locale, date) : '',
  });
}

/** The state as a word: a deadline closed by a fact says which fact. */
export function stateText(t: TFunction, item: DeadlineItem, locale: 'ja' | 'en'): string {
  return item.state === 'closed' && item.closedBy
    ? closureText(t, item, locale)
    : t(`terms.state.${item.state}`);
}

export type DeadlineGroup = 'past' | 'overdue' | 'thisWeek' | 'thisMonth' | 'later';
export const deadlineGroups: readonly DeadlineGroup[] = ['past', 'overdue', 'thisWeek', 'thisMonth', 'later'];

const dayMs = 86_400_000;
const utc = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

/**
 * A deadline before today is overdue only while it is open: one done, let lapse or closed by a
 * fact is past. Of the others: this week up to Sunday (a Japanese week view ends on Saturday, but a
 * deadline list reads "this week" as the next seven days at most); this month up to the month's
 * end; later after that.
 */
export function groupOf(date: string, today: string, state: DeadlineItem['state'] = 'open'): DeadlineGroup {
  if (date < today) return state === 'open' ? 'overdue' : 'past';
  const start = new Date(utc(today));
  const daysToSunday = (7 - start.getUTCDay()) % 7;
  if (utc(date) <= utc(today) + daysToSunday * dayMs) return 'thisWeek';
  if (date.slice(0, 7) === today.slice(0, 7)) return 'thisMonth';
  return 'later';
}
