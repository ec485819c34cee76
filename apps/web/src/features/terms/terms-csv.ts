import type { DeadlineItem } from '@ipportal/domain';
import type { TFunction } from 'i18next';
import { toCsv } from '../../shared/csv';
import { deadlineName, requestOf, stateText } from './deadline-view';

/** The deadlines as CSV (UTF-8 with BOM, for Excel), in the interface language; dates as YYYY-MM-DD. */
export function deadlinesCsv(t: TFunction, items: readonly DeadlineItem[], locale: 'ja' | 'en'): string {
  const column = (key: string) => t(`terms.csvHeader.${key}`);
  const header = [
    'due',
    'plainDate',
    'reference',
    'title',
    'deadline',
    'kind',
    'state',
    'checkedBy',
    'source',
  ].map(column);
  return toCsv([
    header,
    ...items.map((item) => [
      item.date,
      item.plainDate,
      item.refrenceCode,
      item.projectTitle,
      [deadlineName(t, item), requestOf(t, item)].filter(Boolean).join(' / '),
      t(`terms.kind.${item.kind}`),
      stateText(t, item, locale),
      item.confirmedBy?.name ?? '',
      item.legalSource?.[locale] ?? '',
    ]),
  ]);
}
