import {
  useDeadlineFilterOptionsQuery,
  useLazyListDeadlinesQuery,
  useListDeadlinesPagesInfiniteQuery,
  useOfficeDeadlineFilterOptionsQuery,
} from '@ipportal/api-client';
import { caseTypes, deadlineKinds, regions, todayInJapan, type DeadlineListQuery } from '@ipportal/domain';
import { Button, Calendar, EmptyState, LoadingText, Select, Tabs } from '@ipportal/ui';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { useAppSelector } from '../../app/hooks';
import { pathTo } from '../../routes/paths';
import { downloadText } from '../../shared/csv';
import { domainMessages, useMessages } from '../../shared/lazy-messages';
import { selectUserType } from '../auth';
import { DeadlineList } from './deadline-list';
import { deadlinesCsv } from './terms-csv';
import { termsTexts } from './terms-texts';
import { useDayFormat } from './use-day-format';

const Page = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.md}px;
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md}px;
  @media print {
    display: none;
  }
`;

const Intro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const MonthView = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xl}px;
  align-items: flex-start;
`;

const MonthNav = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm}px;
`;

const filterKeys = [
  'caseType',
  'regionCode',
  'kind',
  'state',
  'assigneeUserId',
  'firmId',
  'organizationId',
  'enteredByUserId',
] as const;
type FilterKey = (typeof filterKeys)[number];

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/**
 * /terms: every deadline the user may see, soonest first, grouped; filters in the URL; a month
 * view on the design system's six-week calendar; CSV and print of what is shown. An office reads
 * its docket here (the deadlines of the requests addressed to it, from /patent), filtered by its
 * clients and by its members who entered a date, with a calendar feed of its own: no decisions,
 * assignee or office filters, or reminder settings, which are the client side's.
 */
export function TermsPage() {
  useMessages(termsTexts, domainMessages);
  const { t } = useTranslation();
  const isOffice = useAppSelector(selectUserType) === 'PATENT';
  const format = useDayFormat();
  const [search, setSearch] = useSearchParams();
  const view = search.get('view') === 'month' ? 'month' : 'list';
  const filters = Object.fromEntries(
    filterKeys.flatMap((key) => {
      const value = search.get(key);
      return value ? [[key, value]] : [];
    }),
  ) as Partial<Record<FilterKey, string>>;
  const [month, setMonth] = useState(() => new Date());
  const [day, setDay] = useState<string | null>(null);
  const monthStart = new Date(month.getFullYear(), month.getMonth(), 1);
  // The six weeks the calendar shows, with a margin: one query per month shown.
  const range = {
    from: isoOf(new Date(monthStart.getFullYear(), monthStart.getMonth(), -6)),
    to: isoOf(new Date(monthStart.getFullYear(), monthStart.getMonth() + 1, 14)),
  };
  const query: DeadlineListQuery = {
    ...filters,
    ...(filters.state ? {} : { state: 'open' }),
    ...(view === 'month' ? { ...range, limit: 1000 } : { limit: 200 }),
  } as DeadlineListQuery;
  // Every page loaded so far, refetched together after a decision, and read again on opening:
  // the deadlines follow matter dates saved elsewhere (see /pension).
  const { data, isLoading, isError, refetch, fetchNextPage, isFetchingNextPage } =
    useListDeadlinesPagesInfiniteQuery(query, { refetchOnMountOrArgChange: true });
  const { data: options } = useDeadlineFilterOptionsQuery(undefined, { skip: isOffice });
  const { data: officeOptions } = useOfficeDeadlineFilterOptionsQuery(undefined, { skip: !isOffice });
  const [fetchPage] = useLazyListDeadlinesQuery();
  const items = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const nextCursor = data?.pages.at(-1)?.nextCursor ?? null;

  const setFilter = (key: FilterKey | 'view', value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearch(next, { replace: true });
  };

  const exportCsv = async () => {
    const all = [...items];
    let cursor = nextCursor;
    while (cursor) {
      const page = await fetchPage({ ...query, cursor, limit: 1000 }).unwrap();
      all.push(...page.items);
      cursor = page.nextCursor;
    }
    downloadText(`deadlines-${todayInJapan()}.csv`, deadlinesCsv(t, all, format.locale));
  };

  const all = t('terms.filters.all');
  const daysWithDeadlines = useMemo(
    () => [...new Set(items.map((item) => item.date))].map((iso) => new Date(`${iso}T00:00:00`)),
    [items],
  );
  const shown = view === 'month' && day ? items.filter((item) => item.date === day) : items;

  return (
    <Page>
      <Intro>{t(isOffice ? 'terms.introOffice' : 'terms.intro')}</Intro>
      <Toolbar>
        <Select
          label={t('terms.filters.caseType')}
          placeholder={all}
          value={filters.caseType ?? ''}
          options={caseTypes.values.map((value) => ({
            value: String(value),
            label: t(caseTypes.labelKey(value)),
          }))}
          onChange={(event) => setFilter('caseType', event.target.value)}
        />
        <Select
          label={t('terms.filters.region')}
          placeholder={all}
          value={filters.regionCode ?? ''}
          options={regions.map((region) => ({ value: String(region.code), label: t(region.nameKey) }))}
          onChange={(event) => setFilter('regionCode', event.target.value)}
        />
        <Select
          label={t('terms.filters.kind')}
          placeholder={all}
          value={filters.kind ?? ''}
          options={deadlineKinds.map((kind) => ({ value: kind, label: t(`terms.kind.${kind}`) }))}
          onChange={(event) => setFilter('kind', event.target.value)}
        />
        <Select
          label={t('terms.filters.state')}
          placeholder={null}
          value={filters.state ?? 'open'}
          options={(['open', 'done', 'lapsed', 'closed', 'all'] as const).map((state) => ({
            value: state,
            label: t(`terms.state.${state}`),
          }))}
          onChange={(event) => setFilter('state', event.target.value === 'open' ? '' : event.target.value)}
        />
        {isOffice ? (
          <>
            <Select
              label={t('terms.filters.client')}
              placeholder={all}
              value={filters.organizationId ?? ''}
              options={(officeOptions?.clients ?? []).map((client) => ({
                value: client.id,
                label: client.name,
              }))}
              onChange={(event) => setFilter('organizationId', event.target.value)}
            />
            <Select
              label={t('terms.filters.enteredBy')}
              placeholder={all}
              value={filters.enteredByUserId ?? ''}
              options={(officeOptions?.members ?? []).map((member) => ({
                value: member.id,
                label: member.name,
              }))}
              onChange={(event) => setFilter('enteredByUserId', event.target.value)}
            />
          </>
        ) : (
          <>
            <Select
              label={t('terms.filters.assignee')}
              placeholder={all}
              value={filters.assigneeUserId ?? ''}
              options={(options?.assignees ?? []).map((person) => ({ value: person.id, label: person.name }))}
              onChange={(event) => setFilter('assigneeUserId', event.target.value)}
            />
            <Select
              label={t('terms.filters.office')}
              placeholder={all}
              value={filters.firmId ?? ''}
              options={(options?.offices ?? []).map((office) => ({ value: office.id, label: office.name }))}
              onChange={(event) => setFilter('firmId', event.target.value)}
            />
          </>
        )}
        <Button variant="secondary" onClick={() => void exportCsv()} disabled={items.length === 0}>
          {t('terms.csv')}
        </Button>
        <Button variant="secondary" onClick={() => window.print()}>
          {t('terms.print')}
        </Button>
        {isOffice ? (
          <Link to={pathTo('termsCalendar')}>{t('terms.calendarLink')}</Link>
        ) : (
          <Link to={pathTo('termsNotification')}>{t('terms.notificationLink')}</Link>
        )}
      </Toolbar>
      <Tabs
        label={t('terms.view.list')}
        value={view}
        onChange={(value: string) => setFilter('view', value === 'month' ? 'month' : '')}
        items={[
          { id: 'list', label: t('terms.view.list') },
          { id: 'month', label: t('terms.view.month') },
        ]}
      />
      {isLoading ? (
        <LoadingText />
      ) : isError ? (
        <EmptyState
          headingLevel={2}
          title={t('terms.loadFailed')}
          action={<Button onClick={() => void refetch()}>{t('terms.retry')}</Button>}
        />
      ) : (
        <>
          {view === 'month' && (
            <MonthView>
              <div>
                <MonthNav>
                  <Button
                    size="sm"
                    variant="tertiary"
                    onClick={() => {
                      setMonth(new Date(month.getFullYear(), month.getMonth() - 1, 1));
                      setDay(null);
                    }}
                  >
                    {t('terms.month.previous')}
                  </Button>
                  <strong>{format.month(month)}</strong>
                  <Button
                    size="sm"
                    variant="tertiary"
                    onClick={() => {
                      setMonth(new Date(month.getFullYear(), month.getMonth() + 1, 1));
                      setDay(null);
                    }}
                  >
                    {t('terms.month.next')}
                  </Button>
                </MonthNav>
                <Calendar
                  month={month}
                  onMonthChange={(next) => {
                    setMonth(next);
                    setDay(null);
                  }}
                  selected={daysWithDeadlines}
                  onSelect={(date) => setDay(isoOf(date))}
                  label={t('terms.month.label')}
                />
              </div>
              <Intro>{day ? t('terms.month.day', { date: format.day(day) }) : t('terms.month.pick')}</Intro>
            </MonthView>
          )}
          {shown.length === 0 ? (
            <EmptyState headingLevel={2} title={t('terms.empty')} />
          ) : (
            <DeadlineList items={shown} grouped={view === 'list' || !day} readOnly={isOffice} />
          )}
          {view === 'list' && nextCursor && (
            <Button variant="secondary" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              {t('terms.loadMore')}
            </Button>
          )}
        </>
      )}
    </Page>
  );
}
